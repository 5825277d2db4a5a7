/**
 * The validators of spec/product.md §5 that screens and server share
 * (src/contract/rules.ts): password, e-mail, mobile, age, and the login name split.
 */
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  classifyUsername,
  isEmail,
  isMobile,
  isOldEnough,
  isValidPassword,
} from '../../src/contract/rules';

describe('password rule: 8–20 of letters, digits and !@#$%^&*, a digit and a special, no spaces', () => {
  it('accepts the boundary lengths 8 and 20', () => {
    expect(isValidPassword('abcde1!x')).toBe(true); // 8
    expect(isValidPassword(`a1!${'b'.repeat(17)}`)).toBe(true); // 20
  });

  it('refuses 7 and 21 characters', () => {
    expect(isValidPassword('abcd1!x')).toBe(false); // 7
    expect(isValidPassword(`a1!${'b'.repeat(18)}`)).toBe(false); // 21
  });

  it('needs at least one digit', () => {
    expect(isValidPassword('abcdefg!')).toBe(false);
  });

  it('needs at least one special character of !@#$%^&*', () => {
    expect(isValidPassword('abcdefg1')).toBe(false);
    for (const special of '!@#$%^&*') expect(isValidPassword(`abcdef1${special}`)).toBe(true);
  });

  it('refuses spaces anywhere and characters outside the set', () => {
    expect(isValidPassword('abc def1!')).toBe(false);
    expect(isValidPassword(' abcdef1!')).toBe(false);
    expect(isValidPassword('abcdef1! ')).toBe(false);
    expect(isValidPassword('abcdef1!_')).toBe(false);
    expect(isValidPassword('abcdéf1!')).toBe(false);
  });

  it('refuses the empty password', () => {
    expect(isValidPassword('')).toBe(false);
  });
});

describe('e-mail: local part, @, domain, TLD of 2–6 letters, optional 2-letter country suffix', () => {
  it.each(['ann@example.com', 'a.b+tag@mail.example.org', 'x_y%z-1@sub-domain.io', 'raj@company.co.in', 'eve@host.museum'])(
    'accepts %s',
    (email) => expect(isEmail(email)).toBe(true),
  );

  it('takes a 2-letter country suffix after the TLD', () => {
    expect(isEmail('ann@example.com.au')).toBe(true);
    expect(isEmail('ann@example.com.aus')).toBe(true); // read as TLD "aus" of domain "com"
    expect(isEmail('ann@example.com.a')).toBe(false);
  });

  it('needs a TLD of 2 to 6 letters', () => {
    expect(isEmail('ann@example.c')).toBe(false);
    expect(isEmail('ann@example.abcdef')).toBe(true);
    expect(isEmail('ann@example.abcdefg')).toBe(false);
    expect(isEmail('ann@example.c0m')).toBe(false);
  });

  it.each(['', 'ann', 'ann@', '@example.com', 'ann@example', 'ann example@x.com', 'ann@@example.com', 'ann@.com'])(
    'refuses %j',
    (email) => expect(isEmail(email)).toBe(false),
  );

  it('ignores surrounding whitespace', () => {
    expect(isEmail('  ann@example.com ')).toBe(true);
  });
});

describe('mobile: digits only', () => {
  it('accepts digits', () => {
    expect(isMobile('9876543210')).toBe(true);
    expect(isMobile(' 9876543210 ')).toBe(true);
  });

  it.each(['+919876543210', '98765 43210', '98765-43210', '98765o4321', '', 'abc'])('refuses %j', (mobile) =>
    expect(isMobile(mobile)).toBe(false),
  );
});

describe('age: at least 18 on the birthday itself', () => {
  const today = new Date(2026, 4, 15); // 15 May 2026, local time

  it('is 18 exactly on the 18th birthday', () => {
    expect(ageOn('2008-05-15', today)).toBe(18);
    expect(isOldEnough('2008-05-15', today)).toBe(true);
  });

  it('is 17 the day before the 18th birthday', () => {
    expect(ageOn('2008-05-16', today)).toBe(17);
    expect(isOldEnough('2008-05-16', today)).toBe(false);
  });

  it('counts a month not yet reached as before the birthday', () => {
    expect(isOldEnough('2008-06-01', today)).toBe(false);
    expect(isOldEnough('2008-04-30', today)).toBe(true);
  });

  it('handles a 29 February birthday', () => {
    expect(isOldEnough('2008-02-29', new Date(2026, 1, 28))).toBe(false);
    expect(isOldEnough('2008-02-29', new Date(2026, 2, 1))).toBe(true);
  });

  it.each(['', '2008-5-15', '15-05-2008', '2008-02-30', '2008-13-01', 'yesterday'])('refuses the date %j', (date) => {
    expect(ageOn(date, today)).toBeNull();
    expect(isOldEnough(date, today)).toBe(false);
  });
});

describe('classifyUsername: the login name sent as emailId or mobileNo', () => {
  it('sends an e-mail as emailId, trimmed and lower-cased', () => {
    expect(classifyUsername(' Ann@Example.COM ')).toEqual({ emailId: 'ann@example.com', mobileNo: '' });
  });

  it('sends digits as mobileNo', () => {
    expect(classifyUsername('9876543210')).toEqual({ emailId: '', mobileNo: '9876543210' });
  });

  it('sends neither for something that is neither', () => {
    expect(classifyUsername('ann')).toEqual({ emailId: '', mobileNo: '' });
    expect(classifyUsername('+44 7700 900123')).toEqual({ emailId: '', mobileNo: '' });
  });
});
