import { useCallback, useEffect, useState } from 'react';
import { passKeysSchema, passRevocationsSchema } from '../../shared/contracts/pass-token.ts';
import { api } from '../api.ts';
import { db } from '../db.ts';
import { type BadgeTrust, loadBadgeTrust } from './trust.ts';

/**
 * The keys and revocation list for this user's scanner: cached ones at once, fresh ones once
 * fetched, and fetched again whenever the connection returns (revocations made meanwhile reach the
 * device before the next badge is judged).
 */
export function useBadgeTrust(userId: string | null) {
  const [trust, setTrust] = useState<BadgeTrust | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(() => setGeneration((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the trigger to load again.
  useEffect(() => {
    if (!userId) return;
    let live = true;
    loadBadgeTrust(db, userId, {
      keys: () => api('/api/pass/keys', passKeysSchema),
      // The list may be cached for a minute by HTTP; a scanner back online must see revocations at once.
      revocations: (cursor) => api('/api/pass/revocations', passRevocationsSchema, { cache: 'no-cache', query: { cursor } }),
    })
      .then((result) => {
        if (!live) return;
        setTrust(result);
        setLoaded(true);
      })
      .catch(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [userId, generation]);

  useEffect(() => {
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, [refresh]);

  return { trust, loaded, refresh };
}
