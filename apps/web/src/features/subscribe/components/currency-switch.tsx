// INR or USD prices. The spec lists plans in both currencies without saying how a
// reader picks one; the switch shows only when both exist, INR first.
import type { Currency } from '@folio/core';

const LABELS: Record<Currency, string> = { INR: '₹ INR', USD: '$ USD' };

interface CurrencySwitchProps {
  currencies: readonly Currency[];
  value: Currency;
  onChange: (currency: Currency) => void;
}

export function CurrencySwitch({ currencies, value, onChange }: CurrencySwitchProps) {
  return (
    <div
      role="group"
      aria-label="Currency"
      className="inline-flex rounded-full border border-ink/15 bg-white p-1"
    >
      {currencies.map((currency) => (
        <button
          key={currency}
          type="button"
          aria-pressed={currency === value}
          onClick={() => onChange(currency)}
          className={`min-h-9 rounded-full px-4 text-sm font-semibold transition-colors ${
            currency === value ? 'bg-brand text-white' : 'text-ink-soft hover:text-ink'
          }`}
        >
          {LABELS[currency]}
        </button>
      ))}
    </div>
  );
}
