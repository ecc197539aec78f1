/** Text that reads on the brand colour: white on dark colours, near-black on light ones (WCAG relative luminance). */
export function textOn(hex: string): string {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return '#ffffff';
  const value = Number.parseInt(match[1], 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 255) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  return luminance > 0.4 ? '#0f172a' : '#ffffff';
}

/** A colour the browser accepts, else the default. */
export function safeColor(hex: string | null | undefined): string {
  return hex && /^#[0-9a-f]{3,8}$/i.test(hex.trim()) ? hex.trim() : '#0f172a';
}
