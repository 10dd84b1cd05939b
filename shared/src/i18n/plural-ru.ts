const rules = /* @__PURE__ */ new Intl.PluralRules('ru');
const number = /* @__PURE__ */ new Intl.NumberFormat('ru-RU');

/** Russian forms of a noun after a number: one (1, 21), few (2–4, 22–24), many (5–20, 25…). */
export interface RuForms {
  one: string;
  few: string;
  many: string;
}

/** The number in Russian digits ("10 000") and the noun in the form CLDR's plural rules pick for it. */
export function ruCount(n: number, forms: RuForms): string {
  const category = rules.select(n);
  const noun = category === 'one' ? forms.one : category === 'few' ? forms.few : forms.many;
  return `${number.format(n)} ${noun}`;
}
