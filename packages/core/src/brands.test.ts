import { describe, expect, it } from 'vitest';
import {
  BRAND_CODES,
  BRANDS,
  MAIN_BRAND,
  brandFromPublisher,
  fillReleaseTime,
  formatReleaseTime,
  isBrandCode,
  type Brand,
} from './brands.ts';

describe('brands (spec 1 §1, §3)', () => {
  it('has the main brand first and "pv" second; the main brand is the active one', () => {
    expect(BRAND_CODES).toEqual(['dh', 'pv']);
    expect(MAIN_BRAND).toBe('dh');
  });

  it('configures the English daily: publisher DH, free and default edition 2', () => {
    expect(BRANDS.dh).toEqual<Brand>({
      id: 'dh',
      publisher: 'DH',
      name: 'Deccan Herald',
      language: 'en',
      freeEdition: 2,
      defaultEdition: 2,
      logo: '/brand/dh/logo.svg',
      header_logo: '/brand/dh/header-logo.svg',
      bgimage: '/brand/dh/background.svg',
      headerImage: '/brand/dh/header-logo.svg',
      afterLoginImage: '/brand/dh/after-login.svg',
      logoAlt: 'Deccan Herald e-paper',
      selectedTabLogo: '/brand/dh/logo.svg',
      subscription_logo: '/brand/dh/subscription-logo.svg',
      support: { whatsapp: '+91 80 4000 2000', email: 'epaper-support@dh.example' },
      editorial: { email: 'editorial@dh.example' },
      legal: {
        terms: 'https://www.deccanherald.com/terms-of-use',
        privacy: 'https://www.deccanherald.com/privacy-policy',
      },
      releaseTime: { hour: 6, minute: 30 },
    });
  });

  it('configures the Kannada daily: publisher PV, free and default edition 4, its own support contacts', () => {
    expect(BRANDS.pv).toEqual<Brand>({
      id: 'pv',
      publisher: 'PV',
      name: 'Prajavani',
      language: 'kn',
      freeEdition: 4,
      defaultEdition: 4,
      logo: '/brand/pv/logo.svg',
      header_logo: '/brand/pv/header-logo.svg',
      bgimage: '/brand/pv/background.svg',
      headerImage: '/brand/pv/header-logo.svg',
      afterLoginImage: '/brand/pv/after-login.svg',
      logoAlt: 'Prajavani e-paper',
      selectedTabLogo: '/brand/pv/logo.svg',
      subscription_logo: '/brand/pv/subscription-logo.svg',
      support: { whatsapp: '+91 80 4000 3000', email: 'epaper-support@pv.example' },
      editorial: { email: 'editorial@pv.example' },
      legal: {
        terms: 'https://www.prajavani.net/terms-of-use',
        privacy: 'https://www.prajavani.net/privacy-policy',
      },
      releaseTime: { hour: 6, minute: 30 },
    });
  });

  it('knows exactly the two lowercase brand codes', () => {
    expect(isBrandCode('dh')).toBe(true);
    expect(isBrandCode('pv')).toBe(true);
    expect(isBrandCode('DH')).toBe(false);
    expect(isBrandCode('')).toBe(false);
    expect(isBrandCode('xx')).toBe(false);
  });

  it('resolves the publisher parameter in any case and with spaces around it', () => {
    expect(brandFromPublisher('DH')).toBe(BRANDS.dh);
    expect(brandFromPublisher('pv')).toBe(BRANDS.pv);
    expect(brandFromPublisher(' Pv ')).toBe(BRANDS.pv);
    expect(brandFromPublisher('XX')).toBeUndefined();
    expect(brandFromPublisher('')).toBeUndefined();
  });

  it('writes the release time readers are told, from the brand (docs/decisions/0024)', () => {
    expect(formatReleaseTime(BRANDS.dh)).toBe('6:30 AM');
    expect(formatReleaseTime({ releaseTime: { hour: 6, minute: 0 } })).toBe('6 AM');
    expect(formatReleaseTime({ releaseTime: { hour: 0, minute: 5 } })).toBe('12:05 AM');
    expect(formatReleaseTime({ releaseTime: { hour: 12, minute: 0 } })).toBe('12 PM');
    expect(formatReleaseTime({ releaseTime: { hour: 18, minute: 45 } })).toBe('6:45 PM');
    expect(fillReleaseTime('from {releaseTime}, daily; {releaseTime}', BRANDS.pv)).toBe(
      'from 6:30 AM, daily; 6:30 AM',
    );
  });
});
