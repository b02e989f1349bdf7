import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import { SandboxPaymentProvider } from './sandbox.ts';
import { createStripeProvider, type StripePaymentProvider } from './stripe.ts';

export interface PaymentProviders {
  /** Opens every new payment session: PAYMENT_PROVIDER's provider. */
  active: PaymentProvider;
  /** Every provider an earlier payment may have gone through: refunds go back through the one that took it. */
  all: PaymentProvider[];
  /** Stripe, when it is the active provider: its webhook and return routes exist only then. */
  stripe: StripePaymentProvider | null;
}

/**
 * The app's payment providers, chosen once from the configuration (buildApp passes them to every
 * route that takes or returns money). The sandbox stays in `all` under Stripe only to refund
 * sandbox payments made before the switch (nothing moves); its page exists only when it is active.
 */
export async function createPaymentProviders(config: Config, db: Db): Promise<PaymentProviders> {
  const sandbox = new SandboxPaymentProvider(db);
  if (config.PAYMENT_PROVIDER !== 'stripe') return { active: sandbox, all: [sandbox], stripe: null };
  const stripe = await createStripeProvider(config);
  return { active: stripe, all: [stripe, sandbox], stripe };
}
