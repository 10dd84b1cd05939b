import { Heart, Menu, X } from './icon-set';
import { Icon } from './Icon';

/** The icons several screens share, with the sizes they are drawn at. */
export function HeartIcon({ filled }: { filled: boolean }) {
  return <Icon icon={Heart} size={20} fill={filled ? 'currentColor' : 'none'} />;
}

export function MenuIcon() {
  return <Icon icon={Menu} size={24} />;
}

export function CloseIcon() {
  return <Icon icon={X} size={24} />;
}
