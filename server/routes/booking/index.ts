import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Booking, bookingSchema } from '#shared/contracts/index.ts';
import { notFound } from '../../plugins/errors.ts';
import type { PaymentProvider } from '../../services/payments/provider.ts';
import { SandboxPaymentProvider } from '../../services/payments/sandbox.ts';
import { authOf } from '../../types.ts';
import { bookingCancelRoutes } from './cancel.ts';
import { bookingCreateRoutes } from './create.ts';
import { bookingsOf, ownBooking, toBookingDto } from './dto.ts';
import { bookingGuestRoutes } from './guests.ts';

export interface BookingRoutesOptions {
  /** Providers to refund through; defaults to the built-in sandbox (as the payment routes do). */
  providers?: PaymentProvider[];
}

/** The signed-in user's hotel bookings: list, detail, booking in the app, cancellation, guests. */
export const bookingRoutes: FastifyPluginAsyncZod<BookingRoutesOptions> = async (app, options) => {
  const { db } = app;

  /** The user's bookings, cancelled ones included; `extended` adds accommodation and room names. */
  app.get(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['booking'],
        querystring: z.object({ extended: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(bookingSchema) },
      },
    },
    async (request): Promise<Booking[]> => {
      const extended = request.query.extended === 'true';
      return (await bookingsOf(db, authOf(request).userId)).map((row) => toBookingDto(row, extended));
    },
  );

  /** One of the user's bookings with names (the detail page); another user's id is a 404. */
  app.get(
    '/:id',
    {
      onRequest: app.authenticate,
      schema: { tags: ['booking'], params: z.object({ id: z.uuid() }), response: { 200: bookingSchema } },
    },
    async (request): Promise<Booking> => {
      const row = await ownBooking(db, authOf(request).userId, request.params.id);
      if (!row) throw notFound('Booking');
      return toBookingDto(row);
    },
  );

  await app.register(bookingCreateRoutes);
  await app.register(bookingGuestRoutes);
  await app.register(bookingCancelRoutes, { providers: options.providers ?? [new SandboxPaymentProvider(db)] });
};
