import { Icon, type IconNode } from './Icon';
import { haptics } from '../telegram/haptics';

interface ToggleGroupProps<T extends string> {
  /** The group's accessible name. */
  label: string;
  values: readonly T[];
  labels: Record<T, string>;
  /** Shown instead of the labels, which then name the buttons for screen readers only. */
  icons?: Record<T, IconNode>;
  value: T;
  onChange: (value: T) => void;
  className?: string;
}

/** One choice out of a few as a row of pressed chips: the marketplace's sort and view, the collection's filters. */
export function ToggleGroup<T extends string>({
  label,
  values,
  labels,
  icons,
  value,
  onChange,
  className = 'chips',
}: ToggleGroupProps<T>) {
  return (
    <div className={className} role="group" aria-label={label}>
      {values.map((option) => (
        <button
          key={option}
          type="button"
          className={`chip${value === option ? ' chip--active' : ''}`}
          aria-pressed={value === option}
          aria-label={icons ? labels[option] : undefined}
          onClick={() => {
            if (option === value) return;
            haptics.selection();
            onChange(option);
          }}
        >
          {icons ? <Icon className="chip__icon" icon={icons[option]} size={18} /> : labels[option]}
        </button>
      ))}
    </div>
  );
}
