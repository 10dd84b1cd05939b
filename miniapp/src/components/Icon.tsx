import { createElement, type SVGProps } from 'react';
import type { IconNode } from 'lucide';

export type { IconNode };

interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** One of lucide's icons, as components/icon-set.ts names them (its data only: only those used ship). */
  icon: IconNode;
  size?: number;
}

/**
 * Draws a lucide icon as inline SVG. The app's icons were emoji, which show as empty boxes on desktops
 * without an emoji font. lucide-react's runtime alone would cost more on Home than all our icons' data,
 * so this is the whole renderer. Decorative (hidden from screen readers) unless given an aria-label.
 */
export function Icon({ icon, size = 24, ...props }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={props['aria-label'] ? undefined : true}
      {...props}
    >
      {icon.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
