import { useState, type ChangeEvent } from 'react';

/** The keys of T whose values are text, so an input can hold them. */
type TextKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

type FieldChange = ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;

/**
 * A form's values in one state object, and `field(key, label)`: the props that bind a telegram-ui Input,
 * Textarea or Select to one text value. The label is also the accessible name, because telegram-ui draws
 * the header outside the control's <label>, and not at all on iOS.
 */
export function useFormFields<T extends object>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const set = <K extends keyof T>(key: K, value: T[K]) => setValues((current) => ({ ...current, [key]: value }));
  const field = <K extends TextKeys<T>>(key: K, label: string) => ({
    header: label,
    'aria-label': label,
    name: key,
    value: values[key] as string,
    // A select offers only the key's own values, so its text fits the key's type.
    onChange: (event: FieldChange) => set(key, event.target.value as T[K]),
  });
  return { values, setValues, set, field };
}
