import type { ButtonHTMLAttributes } from 'react';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  /** Stretches to the width of its container (handy on phones). */
  block?: boolean;
  ref?: React.Ref<HTMLButtonElement>;
}

/** A button that is never an accidental form submit: `type` defaults to "button". */
export function Button({ variant = 'primary', size = 'md', block = false, className, type = 'button', ...rest }: ButtonProps) {
  const classes = ['ui-button', `ui-button--${variant}`, `ui-button--${size}`, block ? 'ui-button--block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return <button type={type} className={classes} {...rest} />;
}
