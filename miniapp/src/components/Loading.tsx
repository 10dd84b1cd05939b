import { MESSAGES } from '@stickerdrop/shared';

/**
 * SPEC §2: a spinner with the text Loading... The spinner is a CSS ring: telegram-ui's Spinner ships its
 * iOS variant's SVGs in every size, a few kB gzip on Home's first load for a ring.
 */
export function Loading() {
  return (
    <div className="loading" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      <span>{MESSAGES.loading}</span>
    </div>
  );
}
