import type { ButtonHTMLAttributes, Ref } from 'react';

/**
 * The site's buttons, one look each: every button of the admin and of the public islands is drawn
 * from here (and links that act as buttons take `buttonClass`), so a colour or a focus style
 * changes in one place.
 */
const VARIANTS = {
  /** The main action of a form or a dialog. */
  primary: 'rounded-md bg-brand-700 font-medium text-white hover:bg-brand-800',
  /** A second action next to the main one (Cancel, Log out, Edit in a table row). */
  secondary: 'rounded-md border border-slate-400 text-slate-800 hover:bg-slate-100',
  /** An action that adds to a form (Add schedule day). */
  outline: 'rounded-md border border-brand-700 font-medium text-brand-800 hover:bg-brand-50',
  /** A removal that is undone by not saving (Remove a photo, a schedule day) or asks first (Delete). */
  danger: 'rounded-md border border-red-700 text-red-800 hover:bg-red-50',
  /** The confirmation of a deletion. */
  destructive: 'rounded-md bg-red-700 font-medium text-white hover:bg-red-800',
  /** The public site's call to action. */
  accent: 'rounded-md bg-accent-600 font-semibold text-slate-950 hover:bg-accent-500',
} as const;

const SIZES = { sm: 'px-2 py-1 text-sm', md: 'px-4 py-2', lg: 'px-6 py-3' } as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return `${VARIANTS[variant]} ${SIZES[size]} disabled:cursor-not-allowed disabled:opacity-60 ${extra}`.trim();
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
}

/** A `<button>` (type "button" unless told otherwise, so it never submits a form by accident). */
export default function Button({ variant, size, className = '', type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}
