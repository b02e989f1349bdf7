import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type BookingCancellation, bookingCancellationSchema } from '#shared/contracts/account.ts';
import { lockUser } from '../../db/locking.ts';
import { notFound } from '../../plugins/errors.ts';
import { cancelBooking } from '../../services/hotels/booking.ts';
import type { PaymentProvider } from '../../services/payments/provider.ts';
import { refundCancelledBooking } from '../../services/payments/refunds.ts';
import { authOf } from '../../types.ts';
import { ownBooking, toBookingDto } from './dto.ts';

export interface BookingCancelOptions {
  /** The providers that may have taken a booking's payment; refunds go back through the same one. */
  providers: readonly PaymentProvider[];
}

/**
 * DELETE /api/booking/{id}: the owner cancels within the rules (409 with the rule's reason
 * otherwise). One transaction frees the nights, refunds what was paid for the room exactly once
 * and issues the credit note; a second DELETE finds the booking cancelled and answers 409.
 */
export const bookingCancelRoutes: FastifyPluginAsyncZod<BookingCancelOptions> = async (app, options) => {
  app.delete(
    '/:id',
    {
      onRequest: app.authenticate,
      schema: { tags: ['booking'], params: z.object({ id: z.uuid() }), response: { 200: bookingCancellationSchema } },
    },
    async (request): Promise<BookingCancellation> => {
      const userId = authOf(request).userId;
      const now = new Date();
      return app.db.transaction(async (tx) => {
        // The per-user lock first, as every change of the user's orders takes it (a VAT correction too).
        await lockUser(tx, userId);
        if (!(await ownBooking(tx, userId, request.params.id))) throw notFound('Booking');
        await cancelBooking(tx, request.params.id, now);
        const { refunded, creditNote } = await refundCancelledBooking(tx, options.providers, request.params.id, now);
        const named = await ownBooking(tx, userId, request.params.id);
        if (!named) throw new Error(`booking ${request.params.id} vanished`);
        return { booking: toBookingDto(named), refunded, creditNoteNumber: creditNote?.number ?? null };
      });
    },
  );
};
