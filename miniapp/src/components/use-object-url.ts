import { useEffect, useMemo } from 'react';

/** A URL for a chosen file (a blob: URL, revoked when the file changes or the element goes), or the URL given. */
export function useObjectUrl(source: string | File): string {
  const url = useMemo(() => (typeof source === 'string' ? source : URL.createObjectURL(source)), [source]);
  useEffect(() => () => (typeof source === 'string' ? undefined : URL.revokeObjectURL(url)), [source, url]);
  return url;
}
