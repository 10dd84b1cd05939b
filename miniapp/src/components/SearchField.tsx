import { Input } from '@telegram-apps/telegram-ui';

/** The toolbar's search box: named by `label`, with the same words trailing off as its placeholder. */
export function SearchField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="toolbar__search">
      <Input
        type="search"
        placeholder={`${label}…`}
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
