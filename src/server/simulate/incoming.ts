// What the customer-facing site writes into the shared tables: transfer requests, refill
// requests, bookings and inquiries, at a chosen rate (`npm run simulate`, or SIMULATE_PER_MINUTE
// with `npm start`). Straight into the database, like that site: the change feed (migration 006)
// is what brings them to the staff's screens. Writes take the write lock (db.transaction), as
// every writer of these tables must, so change numbers commit in order.
import { addDays, clockTime, localDate, weekday } from '../../shared/time';
import type { Db, Sql } from '../db/client';
import { insertRows } from '../seed/insert-rows';
import { CONSULTATIONS, INQUIRY_MESSAGES, OTHER_PHARMACIES, VACCINES } from '../seed/ontario-data';
import { makePerson } from '../seed/people';
import { createRandom, type Random } from '../seed/prng';

export const INCOMING_KINDS = ['transfer', 'refill', 'booking', 'inquiry'] as const;
export type IncomingKind = (typeof INCOMING_KINDS)[number];

export interface Incoming {
  kind: IncomingKind;
  /** The new record's key (the appointment's, for a booking). */
  id: number;
}

/** Appointment slots: 10:50 to 18:30 in 20-minute steps (spec section 9). */
const FIRST_SLOT = 10 * 60 + 50;
const SLOTS_PER_DAY = (18 * 60 + 30 - FIRST_SLOT) / 20;

function serial(random: Random): number {
  return random.int(100_000, 999_999);
}

async function writeTransfer(tx: Sql, random: Random): Promise<number> {
  const person = makePerson(random, serial(random));
  const [row] = await insertRows<{ transfer_id: number }>(
    tx,
    'transfers',
    [
      {
        first_name: person.first_name,
        last_name: person.last_name,
        phone_number: person.phone_number,
        email: person.email,
        date_of_birth: person.date_of_birth,
        postal_code: person.postal_code,
        pharmacy_name: random.pick(OTHER_PHARMACIES),
        pharmacy_number: person.phone_number.replace(/\d{4}$/, String(random.int(1000, 9999))),
        status: 'active',
      },
    ],
    'transfer_id',
  );
  return row!.transfer_id;
}

async function writeRefill(tx: Sql, random: Random): Promise<number> {
  const person = makePerson(random, serial(random));
  const [row] = await insertRows<{ id: number }>(
    tx,
    'refill_requests',
    [
      {
        first_name: person.first_name,
        last_name: person.last_name,
        phone_number: person.phone_number,
        email: person.email,
        date_of_birth: person.date_of_birth,
        rx_number: `RX${random.int(1_000_000, 9_999_999)}`,
        type: random.chance(0.6) ? 'Refill' : 'Renewal',
        status: 'active',
      },
    ],
    'id',
  );
  return row!.id;
}

async function writeInquiry(tx: Sql, random: Random): Promise<number> {
  const person = makePerson(random, serial(random));
  const [row] = await insertRows<{ message_id: number }>(
    tx,
    'inquiries',
    [
      {
        first_name: person.first_name,
        last_name: person.last_name,
        email: person.email,
        phone_number: person.phone_number,
        message: random.pick(INQUIRY_MESSAGES),
      },
    ],
    'message_id',
  );
  return row!.message_id;
}

/** A free slot in the next two weeks (Monday to Saturday), or null when none was found. */
async function freeSlot(tx: Sql, random: Random, timeZone: string, now: Date): Promise<{ date: string; start_time: string } | null> {
  const today = localDate(now, timeZone);
  for (let attempt = 0; attempt < 20; attempt++) {
    const date = addDays(today, random.int(1, 14));
    if (weekday(date) === 0) continue;
    const start_time = clockTime(FIRST_SLOT + random.int(0, SLOTS_PER_DAY - 1) * 20);
    const taken = await tx.query(
      "SELECT 1 FROM appointments WHERE date = $1 AND start_time = $2 AND status <> 'cancelled'",
      [date, start_time],
    );
    if (taken.length === 0) return { date, start_time };
  }
  return null;
}

async function writeBooking(tx: Sql, random: Random, timeZone: string, now: Date): Promise<number | null> {
  const slot = await freeSlot(tx, random, timeZone, now);
  if (!slot) return null;
  const person = makePerson(random, serial(random));
  const who = {
    first_name: person.first_name,
    last_name: person.last_name,
    phone_number: person.phone_number,
    email: person.email,
    date_of_birth: person.date_of_birth,
    address: person.address,
    city: person.city,
    province: person.province,
  };
  let booking: Record<string, unknown>;
  if (random.chance(0.55)) {
    const [row] = await insertRows<{ vaccine_id: number }>(
      tx,
      'vaccine_bookings',
      [{ ...who, vaccine_type: random.pick(VACCINES), number_of_people: 1 }],
      'vaccine_id',
    );
    booking = { appointment_type: 'Vaccine', vaccine_id: row!.vaccine_id };
  } else {
    const [row] = await insertRows<{ consultation_id: number }>(
      tx,
      'consultation_bookings',
      [{ ...who, consultation_type: random.pick(CONSULTATIONS) }],
      'consultation_id',
    );
    booking = { appointment_type: 'Consultation', consultation_id: row!.consultation_id };
  }
  const [appointment] = await insertRows<{ appointment_id: number }>(
    tx,
    'appointments',
    [{ ...booking, date: slot.date, start_time: slot.start_time, status: 'scheduled' }],
    'appointment_id',
  );
  return appointment!.appointment_id;
}

/** Writes one incoming request of `kind`; null when a booking found no free slot. */
async function writeIncoming(
  db: Db,
  kind: IncomingKind,
  random: Random,
  timeZone: string,
  now: Date,
): Promise<Incoming | null> {
  const id = await db.transaction((tx) => {
    switch (kind) {
      case 'transfer':
        return writeTransfer(tx, random);
      case 'refill':
        return writeRefill(tx, random);
      case 'inquiry':
        return writeInquiry(tx, random);
      case 'booking':
        return writeBooking(tx, random, timeZone, now);
    }
  });
  return id === null ? null : { kind, id };
}

export interface SimulationOptions {
  perMinute: number;
  kinds?: readonly IncomingKind[];
  timeZone: string;
  seed?: number;
  /** The clock bookings look for a free slot from (default: the real one); a test fixes it. */
  now?: () => Date;
  /** Stop after this many writes (default: run until stopped). */
  count?: number;
  onWrite?: (incoming: Incoming) => void;
  onError?: (error: unknown) => void;
}

export interface Simulation {
  /** Resolves once the simulation stopped by itself (count reached) or was stopped. */
  done: Promise<void>;
  stop(): Promise<void>;
}

/** Writes at random moments (a Poisson process) averaging `perMinute`. */
export function startSimulation(db: Db, options: SimulationOptions): Simulation {
  const random = createRandom(options.seed ?? Date.now());
  const kinds = options.kinds?.length ? options.kinds : INCOMING_KINDS;
  const meanMs = 60_000 / options.perMinute;
  let stopped = false;
  let written = 0;
  let wake: (() => void) | null = null;
  const done = (async () => {
    while (!stopped && (options.count === undefined || written < options.count)) {
      const wait = -Math.log(1 - random.next()) * meanMs;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      if (stopped) break;
      try {
        const now = options.now?.() ?? new Date();
        const incoming = await writeIncoming(db, random.pick(kinds), random, options.timeZone, now);
        if (incoming) {
          written += 1;
          options.onWrite?.(incoming);
        }
      } catch (error) {
        options.onError?.(error);
      }
    }
  })();
  return {
    done,
    async stop() {
      stopped = true;
      wake?.();
      await done;
    },
  };
}
