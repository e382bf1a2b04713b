// How long the server keeps Idempotency-Keys, from its runtime settings (the shared default
// until they are known). An unsent change older than this is not replayed blindly.
import { IDEMPOTENCY_TTL_DAYS } from '../../shared/constants';
import type { RuntimeConfig } from '../../shared/entities';

let days = IDEMPOTENCY_TTL_DAYS;

export function applyKeyRetention(config: Pick<RuntimeConfig, 'idempotencyKeyDays'> | null | undefined): void {
  if (config && Number.isInteger(config.idempotencyKeyDays) && config.idempotencyKeyDays > 0) {
    days = config.idempotencyKeyDays;
  }
}

export function keyRetentionDays(): number {
  return days;
}
