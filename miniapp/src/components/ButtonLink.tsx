import type { ReactNode } from 'react';
import { Link } from '../router';
import { useTelegram } from '../telegram/TelegramProvider';
import { buttonClass, buttonLabelClass, type ButtonMode, type ButtonSize } from './button-classes';

export interface ButtonLinkProps {
  to: string;
  children: ReactNode;
  size?: ButtonSize;
  mode?: ButtonMode;
  stretched?: boolean;
  className?: string;
}

/**
 * A button that navigates: the router's <a>, so it works with a keyboard and opens in a new tab. It wears
 * telegram-ui's Button classes without its component, whose loading Spinner brings three inline SVG
 * spinners (a few kB gzip) into Home's first load.
 */
export function ButtonLink({ to, children, size = 'm', mode = 'filled', stretched, className }: ButtonLinkProps) {
  const { platform } = useTelegram();
  const ios = platform === 'ios' || platform === 'macos';
  return (
    <Link to={to} className={buttonClass({ size, mode, ios, stretched, className })}>
      <span className={buttonLabelClass(size)}>{children}</span>
    </Link>
  );
}
