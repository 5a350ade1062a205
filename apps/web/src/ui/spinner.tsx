import './spinner.css';

export interface SpinnerProps {
  /** What is loading, read out by screen readers ("Loading tools"). */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  /** Shows the label beside the ring as well. */
  showLabel?: boolean;
}

export function Spinner({ label = 'Loading', size = 'md', showLabel = false }: SpinnerProps) {
  return (
    <span className={`ui-spinner ui-spinner--${size}`} role="status" aria-live="polite">
      <span className="ui-spinner__ring" aria-hidden="true" />
      <span className={showLabel ? 'ui-spinner__label' : 'visually-hidden'}>{label}</span>
    </span>
  );
}
