// Brand configuration (spec 1 §1, §3). The main brand is always first and is the
// active brand of the web app; the theme and favicon are fixed to it.

export const BRAND_CODES = ['dh', 'pv'] as const;
export type BrandCode = (typeof BRAND_CODES)[number];

export interface Brand {
  id: BrandCode;
  /** Uppercase code sent as the `publisher` parameter on content calls. */
  publisher: string;
  name: string;
  language: 'en' | 'kn';
  /** Edition number that free (unsubscribed) readers are fixed to; also the default edition. */
  freeEdition: number;
  defaultEdition: number;
  logo: string;
  header_logo: string;
  bgimage: string;
  headerImage: string;
  afterLoginImage: string;
  logoAlt: string;
  selectedTabLogo: string;
  subscription_logo: string;
  support: { whatsapp: string; email: string };
  /**
   * The editorial team's fixed address (spec 2 §2 "Contact page"): shown on /contact,
   * and where the contact form's messages are e-mailed.
   */
  editorial: { email: string };
  /** The publisher's own terms and privacy pages, linked from the login screen (spec 1 §2). */
  legal: { terms: string; privacy: string };
  /**
   * When readers are told the day's paper is there (spec 1 §1, §9 "Early access from
   * 6:30 AM"), in the publisher's time zone; every screen and text that names the time
   * writes it from here (docs/decisions/0024). The date rollover is DAY_START_HOUR.
   */
  releaseTime: { hour: number; minute: number };
}

const asset = (brand: BrandCode, file: string) => `/brand/${brand}/${file}`;

export const BRANDS: Record<BrandCode, Brand> = {
  dh: {
    id: 'dh',
    publisher: 'DH',
    name: 'Deccan Herald',
    language: 'en',
    freeEdition: 2,
    defaultEdition: 2,
    logo: asset('dh', 'logo.svg'),
    header_logo: asset('dh', 'header-logo.svg'),
    bgimage: asset('dh', 'background.svg'),
    headerImage: asset('dh', 'header-logo.svg'),
    afterLoginImage: asset('dh', 'after-login.svg'),
    logoAlt: 'Deccan Herald e-paper',
    selectedTabLogo: asset('dh', 'logo.svg'),
    subscription_logo: asset('dh', 'subscription-logo.svg'),
    support: { whatsapp: '+91 80 4000 2000', email: 'epaper-support@dh.example' },
    editorial: { email: 'editorial@dh.example' },
    legal: {
      terms: 'https://www.deccanherald.com/terms-of-use',
      privacy: 'https://www.deccanherald.com/privacy-policy',
    },
    releaseTime: { hour: 6, minute: 30 },
  },
  pv: {
    id: 'pv',
    publisher: 'PV',
    name: 'Prajavani',
    language: 'kn',
    freeEdition: 4,
    defaultEdition: 4,
    logo: asset('pv', 'logo.svg'),
    header_logo: asset('pv', 'header-logo.svg'),
    bgimage: asset('pv', 'background.svg'),
    headerImage: asset('pv', 'header-logo.svg'),
    afterLoginImage: asset('pv', 'after-login.svg'),
    logoAlt: 'Prajavani e-paper',
    selectedTabLogo: asset('pv', 'logo.svg'),
    subscription_logo: asset('pv', 'subscription-logo.svg'),
    support: { whatsapp: '+91 80 4000 3000', email: 'epaper-support@pv.example' },
    editorial: { email: 'editorial@pv.example' },
    legal: {
      terms: 'https://www.prajavani.net/terms-of-use',
      privacy: 'https://www.prajavani.net/privacy-policy',
    },
    releaseTime: { hour: 6, minute: 30 },
  },
};

/** The brand's release time as readers read it: "6:30 AM", "6 AM" on the hour. */
export function formatReleaseTime({ releaseTime }: Pick<Brand, 'releaseTime'>): string {
  const { hour, minute } = releaseTime;
  const clock = hour % 12 === 0 ? 12 : hour % 12;
  const minutes = minute === 0 ? '' : `:${String(minute).padStart(2, '0')}`;
  return `${clock}${minutes} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** Editors' texts name the release time as `{releaseTime}`; this writes the brand's in. */
export function fillReleaseTime(text: string, brand: Pick<Brand, 'releaseTime'>): string {
  return text.replaceAll('{releaseTime}', formatReleaseTime(brand));
}

/** The active brand is always the first one (spec 1 §1). */
export const MAIN_BRAND: BrandCode = BRAND_CODES[0];

export function isBrandCode(value: string): value is BrandCode {
  return (BRAND_CODES as readonly string[]).includes(value);
}

/** Resolves a `publisher` parameter (sent uppercase, accepted in any case) to a brand. */
export function brandFromPublisher(publisher: string): Brand | undefined {
  const code = publisher.trim().toLowerCase();
  return isBrandCode(code) ? BRANDS[code] : undefined;
}
