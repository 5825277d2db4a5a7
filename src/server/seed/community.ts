import { Faker, base, en } from '@faker-js/faker';
import { DEMO_LOGINS } from './demo-logins';
import { places } from './data/places';
import { professions } from './data/professions';
import { aboutClosings, aboutInterests, aboutMiddles, aboutOpenings } from './data/about-phrases';
import { newsPool } from './data/news-pool';

/**
 * Deterministic demo community: pure data, no database and no I/O, so the seed
 * script, server tests and e2e fixtures all see the same 200 members.
 */

export type PlanCode = 'emerald' | 'ruby' | 'sapphire';

export type SeedMember = {
  userCode: string;
  firstName: string;
  lastName: string;
  displayName: string;
  gender: 'Male' | 'Female' | 'Other';
  email: string;
  mobile: string;
  /** YYYY-MM-DD; age 21–70 as of 2026-01-01. */
  dateOfBirth: string;
  professionCode: string;
  locationName: string;
  planCode: PlanCode;
  about: string;
};

export type SeedNews = {
  newsCode: string;
  newsHeading: string;
  /** https URL on example.com. */
  newsReference: string;
  newsTypeName: string;
  /** ISO timestamp. */
  lastUpdatedTime: string;
};


export type SeedCommunity = {
  members: SeedMember[];
  news: SeedNews[];
};

/** Fixed parts of the demo members; the rest is generated like everyone else. */
const DEMO_MEMBERS: Pick<SeedMember, 'firstName' | 'lastName' | 'gender' | 'planCode'>[] = [
  { firstName: 'Amara', lastName: 'Lindqvist', gender: 'Female', planCode: 'sapphire' },
  { firstName: 'Jonas', lastName: 'Ferreira', gender: 'Male', planCode: 'ruby' },
];

const MEMBER_COUNT = 200;
const NEWS_COUNT = 12;
/** Crockford base32: no I, L, O, U, so codes survive being read aloud or retyped. */
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Activation codes are typed by hand, so also drop 0 and 1 (look like O and I). */
const DAY_MS = 86_400_000;
/** News is dated relative to this fixed day, never the wall clock, to stay deterministic. */
const NEWS_REFERENCE_TIME = Date.UTC(2026, 10, 21);
/** Birth dates giving ages 21–70 on 2026-01-01. */
const BIRTH_FIRST_DAY = Date.UTC(1955, 0, 2);
const BIRTH_LAST_DAY = Date.UTC(2004, 11, 31);

/**
 * A fresh Faker per stream: global faker state never leaks in, and each part
 * (members, codes, news) has its own stream so changing one part does not
 * reshuffle the others.
 */
const fakerFor = (seed: number, stream: number): Faker => {
  const faker = new Faker({ locale: [en, base] });
  faker.seed([seed, stream]);
  return faker;
};

/** Unique value from a generator; collisions are rare, so a retry loop suffices. */
const uniqueFrom = (used: Set<string>, make: (attempt: number) => string): string => {
  for (let attempt = 0; ; attempt += 1) {
    const value = make(attempt);
    if (!used.has(value)) {
      used.add(value);
      return value;
    }
  }
};

/** Lower-case ASCII letters only: en names include "O'Hara" and "D'angelo". */
const emailPart = (name: string): string =>
  name
    .normalize('NFD')
    .toLowerCase()
    .replaceAll(/[^a-z]/g, '');

/** Profession inside a sentence: lower-case except acronyms such as "UX". */
const professionPhrase = (name: string): string =>
  name
    .split(' ')
    .map((word) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase()))
    .join(' ');

const withArticle = (phrase: string): string =>
  `${/^[aeiou]/i.test(phrase) && !/^(UX|uni|eu)/.test(phrase) ? 'an' : 'a'} ${phrase}`;

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const ageOn = (dateOfBirth: string, on: Date): number => {
  const born = new Date(`${dateOfBirth}T00:00:00Z`);
  const hadBirthday =
    on.getUTCMonth() > born.getUTCMonth() ||
    (on.getUTCMonth() === born.getUTCMonth() && on.getUTCDate() >= born.getUTCDate());
  return on.getUTCFullYear() - born.getUTCFullYear() - (hadBirthday ? 0 : 1);
};

/** Replaces {placeholder} keys (see data/about-phrases.ts); unknown keys become empty. */
const fillTemplate = (template: string, values: Record<string, string>): string =>
  template.replaceAll(/\{([a-z0-9-]+)\}/g, (_, key: string) => values[key] ?? '');

const aboutText = (faker: Faker, professionName: string, locationName: string, age: number): string => {
  const prof = professionPhrase(professionName);
  const [lead = '', interest = '', interest2 = '', closing = ''] = faker.helpers.arrayElements(aboutInterests, 4);
  const values = {
    'a-prof': withArticle(prof),
    prof,
    city: locationName.split(',')[0] ?? locationName,
    years: String(faker.number.int({ min: 2, max: Math.max(2, Math.min(40, age - 21)) })),
    'lead-interest': lead,
    interest,
    interest2,
    'closing-interest': closing,
  };
  const sentences = [faker.helpers.arrayElement(aboutOpenings)];
  const count = faker.helpers.weightedArrayElement([
    { weight: 2, value: 1 },
    { weight: 4, value: 2 },
    { weight: 4, value: 3 },
  ]);
  if (count === 2) sentences.push(faker.helpers.arrayElement([...aboutMiddles, ...aboutClosings]));
  if (count === 3) sentences.push(faker.helpers.arrayElement(aboutMiddles), faker.helpers.arrayElement(aboutClosings));
  return sentences.map((template) => capitalise(fillTemplate(template, values))).join(' ');
};

/** The name some members prefer on their card instead of 'First Last'. */
const nickname = (faker: Faker, firstName: string, lastName: string): string =>
  faker.helpers.arrayElement([
    `${firstName} ${lastName.charAt(0)}.`,
    `${firstName.charAt(0)}. ${lastName}`,
    `${firstName} ${faker.string.alpha({ length: 1, casing: 'upper' })}. ${lastName}`,
    firstName,
  ]);

const generateMembers = (faker: Faker): SeedMember[] => {
  const emails = new Set(DEMO_LOGINS.map((login) => login.email));
  const mobiles = new Set(DEMO_LOGINS.map((login) => login.mobile));
  const userCodes = new Set<string>();
  const members: SeedMember[] = [];
  const cutoff = new Date(Date.UTC(2026, 0, 1));

  for (let index = 0; index < MEMBER_COUNT; index += 1) {
    const demo = DEMO_MEMBERS[index];
    const login = DEMO_LOGINS[index];
    const gender =
      demo?.gender ??
      faker.helpers.weightedArrayElement<SeedMember['gender']>([
        { weight: 48, value: 'Male' },
        { weight: 48, value: 'Female' },
        { weight: 4, value: 'Other' },
      ]);
    const sex = gender === 'Male' ? 'male' : gender === 'Female' ? 'female' : undefined;
    const firstName = demo?.firstName ?? faker.person.firstName(sex);
    const lastName = demo?.lastName ?? faker.person.lastName();
    const displayName =
      login?.displayName ??
      (faker.datatype.boolean({ probability: 0.15 })
        ? nickname(faker, firstName, lastName)
        : `${firstName} ${lastName}`);
    const first = emailPart(firstName);
    const last = emailPart(lastName);
    const local = faker.helpers.arrayElement([`${first}.${last}`, `${first}.${last}`, `${first.charAt(0)}${last}`]);
    const email =
      login?.email ?? uniqueFrom(emails, (attempt) => `${local}${attempt === 0 ? '' : attempt + 1}@billionett.test`);
    const mobile = login?.mobile ?? uniqueFrom(mobiles, () => faker.string.numeric({ length: 10, allowLeadingZeros: false }));
    const userCode = uniqueFrom(userCodes, () => `U${faker.string.fromCharacters(BASE32, 9)}`);
    const birthDay = faker.number.int({ min: 0, max: (BIRTH_LAST_DAY - BIRTH_FIRST_DAY) / DAY_MS });
    const dateOfBirth = new Date(BIRTH_FIRST_DAY + birthDay * DAY_MS).toISOString().slice(0, 10);
    const profession = faker.helpers.arrayElement(professions);
    const locationName = faker.helpers.arrayElement(places);
    const planCode =
      demo?.planCode ??
      faker.helpers.weightedArrayElement<PlanCode>([
        { weight: 50, value: 'emerald' },
        { weight: 35, value: 'ruby' },
        { weight: 15, value: 'sapphire' },
      ]);
    const about = aboutText(faker, profession.professionName, locationName, ageOn(dateOfBirth, cutoff));
    members.push({
      userCode,
      firstName,
      lastName,
      displayName,
      gender,
      email,
      mobile,
      dateOfBirth,
      professionCode: profession.professionCode,
      locationName,
      planCode,
      about,
    });
  }
  return members;
};

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replaceAll(/[^a-z0-9]+/g, '-')
    .replaceAll(/^-|-$/g, '');

/** Newest first, as the news widget lists it. */
const generateNews = (faker: Faker): SeedNews[] => {
  const codes = new Set<string>();
  return faker.helpers
    .arrayElements(newsPool, NEWS_COUNT)
    .map((item) => ({
      newsCode: uniqueFrom(codes, () => `N${faker.string.fromCharacters(BASE32, 9)}`),
      newsHeading: item.heading,
      newsReference: `https://example.com/${slug(item.type)}/${slug(item.heading)}`,
      newsTypeName: item.type,
      // Whole minutes within the 14 days before the reference day.
      lastUpdatedTime: new Date(
        NEWS_REFERENCE_TIME - faker.number.int({ min: 1, max: 14 * 24 * 60 }) * 60_000,
      ).toISOString(),
    }))
    .sort((a, b) => b.lastUpdatedTime.localeCompare(a.lastUpdatedTime));
};

export const generateCommunity = (seed = 20261121): SeedCommunity => ({
  members: generateMembers(fakerFor(seed, 1)),
  news: generateNews(fakerFor(seed, 3)),
});
