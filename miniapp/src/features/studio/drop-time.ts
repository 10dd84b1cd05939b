import { formatDropTime, type StudioPack } from '@stickerdrop/shared';

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO time as a datetime-local value in the device's zone (what the create form's field holds). */
export function localInputValue(iso: string): string {
  const at = new Date(iso);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The status column: a scheduled drop says when it opens. */
export function dropStatusDetail(pack: Pick<StudioPack, 'dropStatus' | 'dropsAt'>): string | null {
  return pack.dropStatus === 'scheduled' && pack.dropsAt ? `Opens ${formatDropTime(pack.dropsAt)}` : null;
}
