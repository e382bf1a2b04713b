// Made-up Ontario patients for the demo data.
import {
  CITIES,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  LAST_NAMES,
  POSTAL_LETTERS,
  STREETS,
  type City,
} from './ontario-data';
import type { Random } from './prng';

export interface Person {
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  date_of_birth: string;
  address: string;
  city: string;
  province: string;
  postal_code: string;
}

export function phoneNumber(random: Random, city: City): string {
  return `(${city.areaCode}) 555-01${String(random.int(0, 99)).padStart(2, '0')}`;
}

function postalCode(random: Random, city: City): string {
  const letter = () => POSTAL_LETTERS[random.int(0, POSTAL_LETTERS.length - 1)];
  return `${random.pick(city.fsas)} ${random.int(1, 9)}${letter()}${random.int(0, 9)}`;
}

function emailLocal(first: string, last: string): string {
  return `${first}.${last}`
    .normalize('NFD')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase();
}

export function dateOfBirth(random: Random, youngest = 2006, oldest = 1938): string {
  const year = random.int(oldest, youngest);
  const month = String(random.int(1, 12)).padStart(2, '0');
  const day = String(random.int(1, 28)).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/** `serial` keeps emails unique across the data set. */
export function makePerson(random: Random, serial: number): Person {
  const city = random.pick(CITIES);
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  return {
    first_name: first,
    last_name: last,
    phone_number: phoneNumber(random, city),
    email: `${emailLocal(first, last)}${serial}@${random.pick(EMAIL_DOMAINS)}`,
    date_of_birth: dateOfBirth(random),
    address: `${random.int(2, 2999)} ${random.pick(STREETS)}`,
    city: city.name,
    province: 'ON',
    postal_code: postalCode(random, city),
  };
}

/** A relative booked along with `person` (same household). */
export function makeRelative(
  random: Random,
  person: Person,
): Omit<Person, 'email' | 'phone_number' | 'postal_code'> {
  return {
    first_name: random.pick(FIRST_NAMES),
    last_name: person.last_name,
    date_of_birth: dateOfBirth(random, 2022, 1940),
    address: person.address,
    city: person.city,
    province: person.province,
  };
}
