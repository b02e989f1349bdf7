/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core';
import { PUBLIC_DATA_UPDATED, type PublicDataUpdatedMessage } from '../src/shared/public-data-updates.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * Stale-while-revalidate shows the cached copy first; this tells the open pages when the background
 * revalidation brought a different one (an organizer imported the agenda, published news), so they
 * read it again at once instead of on their next visit. Bodies are compared, not headers: answers
 * compressed on the fly (news) carry neither a length nor an ETag. The first copy of a URL (nothing
 * to replace) and an identical refresh announce nothing.
 */
export const announcePublicDataChanges: WorkboxPlugin = {
  cacheDidUpdate: async ({ request, oldResponse, newResponse }) => {
    if (!oldResponse) return;
    const [before, after] = await Promise.all([oldResponse.clone().text(), newResponse.clone().text()]);
    if (before === after) return;
    const message: PublicDataUpdatedMessage = { type: PUBLIC_DATA_UPDATED, path: new URL(request.url).pathname };
    for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
  },
};
