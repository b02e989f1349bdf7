import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { Text } from '../../i18n/text.tsx';
import { useT } from '../../i18n/use-t.ts';
import { formatPrice } from '../../lib/money.ts';
import { registrationAtom } from './registration-state.ts';
import './registration-flow.css';

/** A one-line reminder of the chosen pass (and voucher code) with a way back to change it. */
export function ChosenPass({ changeable = true }: { changeable?: boolean }) {
  const t = useT('registration');
  const { pass, voucherCode } = useAtomValue(registrationAtom);
  if (!pass) return null;
  return (
    <div className="reg-chosen-pass">
      <span className="reg-chosen-pass__label">{t('yourPass')}</span>
      <span className="reg-chosen-pass__name">{pass.name}</span>
      <span className="reg-chosen-pass__price">
        {pass.price > 0 ? t('pricePlusVat', { price: formatPrice(pass.price) }) : formatPrice(pass.price)}
      </span>
      {voucherCode ? <span className="badge">{t('codeBadge', { code: voucherCode.code })}</span> : null}
      {changeable ? (
        <Link to="/registration" className="reg-chosen-pass__change">
          <Text ns="registration" k="changePass" components={{ hidden: <span className="visually-hidden" /> }} />
        </Link>
      ) : null}
    </div>
  );
}
