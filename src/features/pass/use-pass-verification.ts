import { useRequest } from '../../lib/use-request.ts';
import { verifyPassToken } from '../../shared/pass-token.ts';
import { fetchPassKeys } from './pass-api.ts';

/**
 * 'verified': the token's Ed25519 signature checks out against the published keys, exactly as a
 * scanner in the hall checks it offline. 'invalid': it does not (a key the server no longer
 * publishes, a damaged token). 'unavailable': the keys could not be fetched, nothing is claimed.
 */
export type PassVerification = 'checking' | 'verified' | 'invalid' | 'unavailable';

export function usePassVerification(token: string | null): PassVerification {
  const request = useRequest(
    async (signal) => {
      if (token === null) return null;
      return verifyPassToken(token, await fetchPassKeys(signal));
    },
    [token],
  );
  if (request.status === 'loading') return 'checking';
  if (request.status === 'error' || request.data === null) return 'unavailable';
  const verdict = request.data;
  // Outside the event days the signature is still good: the validity is shown next to the code.
  if (verdict.valid || verdict.reason === 'expired' || verdict.reason === 'not-yet-valid') return 'verified';
  return 'invalid';
}
