import { Heart, Menu, X } from 'lucide-react';

/**
 * The app's icons are lucide's SVGs (imported one by one, so only those used ship): emoji showed as
 * empty boxes on desktops without an emoji font. Icons are decorative (aria-hidden) unless labelled.
 */
export function HeartIcon({ filled }: { filled: boolean }) {
  return <Heart size={20} fill={filled ? 'currentColor' : 'none'} />;
}

export function MenuIcon() {
  return <Menu size={24} />;
}

export function CloseIcon() {
  return <X size={24} />;
}
