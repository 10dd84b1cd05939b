/** A round letter avatar: the first letter of a name (SPEC §2 header and pack card). */
export function Initial({ name, size = 32 }: { name: string; size?: number }) {
  return (
    <span className="initial" style={{ width: size, height: size, fontSize: size * 0.45 }} aria-hidden="true">
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
