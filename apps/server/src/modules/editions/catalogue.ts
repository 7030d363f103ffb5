// The editions each brand starts with. The free/default edition comes first
// (spec 1 §3: 2 for the English daily, 4 for the Kannada one); city editions sit
// in a regional group the way the print circulation is organised.
import type { BrandCode } from '@folio/core';

export interface CatalogueGroup {
  parentEdition: string;
  editions: Array<{ number: number; name: string }>;
}

export const DEFAULT_CATALOGUE: Record<BrandCode, CatalogueGroup[]> = {
  dh: [
    { parentEdition: 'Bengaluru', editions: [{ number: 2, name: 'Bengaluru City' }] },
    {
      parentEdition: 'Karnataka',
      editions: [
        { number: 3, name: 'Mysuru' },
        { number: 5, name: 'Mangaluru' },
      ],
    },
  ],
  pv: [
    { parentEdition: 'ಬೆಂಗಳೂರು', editions: [{ number: 4, name: 'ಬೆಂಗಳೂರು ನಗರ' }] },
    {
      parentEdition: 'ಕರ್ನಾಟಕ',
      editions: [
        { number: 6, name: 'ಹುಬ್ಬಳ್ಳಿ' },
        { number: 7, name: 'ಕಲಬುರಗಿ' },
      ],
    },
  ],
};
