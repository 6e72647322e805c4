import type { OverdueRegistration, ReleasePlaceResponse } from '@camp/shared';
import type { Db } from '../../db/client';
import type { OutboxWorker } from '../mail/outbox';
import type { WaitlistWorker } from '../waitlist/waitlist-worker';
import { overdueRegistrations, releaseUnpaidPlace } from './deadlines';
import type { PaymentsService } from './payments.service';

export interface PaymentDeadlinesDeps {
  db: Db;
  now: () => Date;
  publicUrl: string;
  outbox: Pick<OutboxWorker, 'kick'>;
  waitlist: Pick<WaitlistWorker, 'kick'>;
  payments: Pick<PaymentsService, 'settleCheckoutsOf'>;
}

/** Admin → Payments → Overdue (docs/product.md §10): who is past their payment deadline, and releasing a place. */
export class PaymentDeadlinesService {
  constructor(private readonly deps: PaymentDeadlinesDeps) {}

  /** GET /admin/payments/overdue. */
  overdue(): Promise<OverdueRegistration[]> {
    return overdueRegistrations(this.deps.db, this.deps.now());
  }

  /**
   * POST /admin/registrations/:id/release: an open Checkout is settled with Stripe first (as the admin cancel
   * does, so nobody pays a cancelled registration; one paid meanwhile makes it not overdue), then the place is
   * released in one transaction (releaseUnpaidPlace: 404 none, 409 not overdue or nothing owed).
   */
  async release(adminUserId: string, registrationId: string): Promise<ReleasePlaceResponse> {
    await this.deps.payments.settleCheckoutsOf(registrationId);
    await this.deps.db.transaction((tx) =>
      releaseUnpaidPlace(tx, registrationId, {
        adminUserId,
        now: this.deps.now(),
        publicUrl: this.deps.publicUrl,
      }),
    );
    this.deps.outbox.kick();
    this.deps.waitlist.kick();
    return { registration: { id: registrationId, status: 'CANCELLED' } };
  }
}
