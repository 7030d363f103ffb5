// The two button looks of the product: a filled primary action and a quiet outline.
// Links that look like buttons share the same classes.
import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary';

const BASE =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold ' +
  'transition-colors disabled:cursor-not-allowed disabled:opacity-50';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-white hover:bg-brand-strong',
  secondary: 'border border-ink/20 bg-white text-ink hover:border-brand hover:text-brand',
};

export function buttonClasses(variant: ButtonVariant = 'primary'): string {
  return `${BASE} ${VARIANTS[variant]}`;
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
}

export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={className ? `${buttonClasses(variant)} ${className}` : buttonClasses(variant)}
      {...props}
    />
  );
}
