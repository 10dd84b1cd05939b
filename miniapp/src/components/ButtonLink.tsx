import { Link } from 'react-router-dom';
import { Button, type ButtonProps } from '@telegram-apps/telegram-ui';

/** A telegram-ui Button that navigates: rendered as the router's <a>, so it works with a keyboard. */
export function ButtonLink({ to, ...props }: Omit<ButtonProps, 'Component'> & { to: string }) {
  const routerProps = { to } as unknown as ButtonProps;
  return <Button Component={Link} {...routerProps} {...props} />;
}
