/** lucide's per-icon modules (its index only is typed): each exports the icon's data. */
declare module 'lucide/dist/esm/icons/*.mjs' {
  import type { IconNode } from 'lucide';
  const icon: IconNode;
  export default icon;
}
