import { Spinner } from '@telegram-apps/telegram-ui';
import { MESSAGES } from '@stickerdrop/shared';

/** SPEC §2: a spinner with the text Loading... */
export function Loading() {
  return (
    <div className="loading" role="status">
      <Spinner size="m" />
      <span>{MESSAGES.loading}</span>
    </div>
  );
}
