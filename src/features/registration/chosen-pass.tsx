import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { formatPrice } from '../../lib/money.ts';
import { registrationAtom } from './registration-state.ts';
import './registration-flow.css';

/** A one-line reminder of the chosen pass (and voucher code) with a way back to change it. */
export function ChosenPass({ changeable = true }: { changeable?: boolean }) {
  const { pass, voucherCode } = useAtomValue(registrationAtom);
  if (!pass) return null;
  return (
    <div className="reg-chosen-pass">
      <span className="reg-chosen-pass__label">Your pass</span>
      <span className="reg-chosen-pass__name">{pass.name}</span>
      <span className="reg-chosen-pass__price">
        {formatPrice(pass.price)}
        {pass.price > 0 ? ' plus VAT' : ''}
      </span>
      {voucherCode ? <span className="badge">Code {voucherCode.code}</span> : null}
      {changeable ? (
        <Link to="/registration" className="reg-chosen-pass__change">
          Change<span className="visually-hidden"> pass</span>
        </Link>
      ) : null}
    </div>
  );
}
