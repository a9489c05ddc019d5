import { describe, expect, it } from 'vitest';
import { checkNeutralNames, defaultDeniedWords, findDeniedWord } from './neutral-names';

describe('findDeniedWord', () => {
  it.each([
    ['semaglutide-start', 'semaglutide'],
    ['Start your Ozempic plan', 'ozempic'],
    ['WegovyStart', 'wegovy'],
    ['start_tirzepatide2', 'tirzepatide'],
    ['https://shop.example/mounjaro-offer?utm_source=x', 'mounjaro'],
    ['https://sildenafil.shop.example/', 'sildenafil'],
    ['https://shop.example/semaglutide%2Dstart', 'semaglutide'],
    ['hair-loss-consult', 'hair loss'],
    ['HairLoss', 'hair loss'],
    ['HIVTest', 'hiv'],
    ['Diabetes care', 'diabetes'],
    ['acnes', 'acne'],
  ])('4.9: "no drug or condition names": %s names %s', (text, word) => {
    expect(findDeniedWord(text)).toBe(word);
  });

  it.each([
    'start',
    'weight-start',
    'specialist-consult',
    'hair-care',
    'loss-prevention',
    'https://shop.example/start',
    'Spring plan',
    '',
  ])('4.9: neutral name %s passes (whole word parts only, no substrings)', (text) => {
    expect(findDeniedWord(text)).toBeUndefined();
  });

  it.each([
    ['ed-treatment', 'ed treatment'],
    ['ED Treatment', 'ed treatment'],
    ['edtreatment', 'ed treatment'],
    ['EDTreatment-plan', 'ed treatment'],
    ['https://shop.example/ed_treatment', 'ed treatment'],
    ['ED meds', 'ed med'],
    ['ed.medications', 'ed medication'],
    ['ed-pills', 'ed pill'],
    ['Erectile dysfunction care', 'erectile'],
    ['Avanafil plan', 'avanafil'],
    ['glp-1', 'glp 1'],
    ['GLP1 weight plan', 'glp 1'],
    ['glp_1-start', 'glp 1'],
    ['glp.1', 'glp 1'],
    ['https://shop.example/glp-1-program', 'glp 1'],
    ['GLP\u2212\uFF11', 'glp 1'],
    ['glp-\u0661', 'glp 1'],
    ['Retatrutide trial', 'retatrutide'],
    ['bipolar-support', 'bipolar'],
    ['abortion-pill', 'abortion'],
  ])('4.9: "no drug or condition names": %j names %s', (text, word) => {
    expect(findDeniedWord(text)).toBe(word);
  });

  it.each([
    'edit',
    'Edit your plan',
    'education',
    'ed-tech',
    'Special ed',
    'red',
    'Red carpet treatment',
    'Advanced treatment',
    'Need treatment?',
    'Trusted-treatment-plan',
    'Personalized treatment',
    'ed-medical-center',
    'Bed pillows',
    'glp',
    'GLP compliance',
    'glp10',
    'GLP lab report',
  ])('4.9: neutral name %j passes (short words of a phrase match whole parts only)', (text) => {
    expect(findDeniedWord(text)).toBeUndefined();
  });

  it('4.9: the deny-list is configurable', () => {
    expect(findDeniedWord('acme-start', ['acme'])).toBe('acme');
    expect(findDeniedWord('semaglutide-start', ['acme'])).toBeUndefined();
    expect(findDeniedWord('acme-start', [...defaultDeniedWords, 'ACME'])).toBe('ACME');
  });
});

describe('checkNeutralNames', () => {
  it('4.9: checks slug, template_display_name and landing_url and names the field at fault', () => {
    expect(
      checkNeutralNames({
        slug: 'start',
        template_display_name: 'Tadalafil plan',
        landing_url: 'https://shop.example/ozempic',
      }),
    ).toEqual({ field: 'template_display_name', word: 'tadalafil' });
    expect(
      checkNeutralNames({
        slug: 'start',
        template_display_name: undefined,
        landing_url: 'https://shop.example/',
      }),
    ).toBeUndefined();
  });

  it('4.9: a custom list replaces the default one', () => {
    expect(checkNeutralNames({ slug: 'finasteride' }, ['acme'])).toBeUndefined();
    expect(checkNeutralNames({ slug: 'acme-start' }, new Set(['acme']))).toEqual({
      field: 'slug',
      word: 'acme',
    });
  });
});
