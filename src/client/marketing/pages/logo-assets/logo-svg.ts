import { textPath, strokeWidth } from '../../content/logo-font';
import { type Logo, logoStandards, markGap, markWidth } from '../../content/logos';

/** Builds each logo as standalone SVG text, the sprite and the manifest: all in the browser. */

function logoBody(logo: Logo): string {
  const top = logo.trueHeight - logo.baselineOffset - logo.capHeight;
  let x = logo.horizontalPadding;
  const parts: string[] = [];
  if (logo.hasMark) {
    // Three rising bars, bottoms on the baseline, the tallest exactly the cap height.
    const heights = [24, 40, 60];
    heights.forEach((height, index) => {
      const barX = x + index * 18;
      parts.push(
        `<rect x="${barX}" y="${top + logo.capHeight - height}" width="12" height="${height}" rx="3" fill="${logo.primaryColor}"/>`,
      );
    });
    x += markWidth + markGap;
  }
  const ink = logo.secondaryColor ?? logo.primaryColor;
  parts.push(
    `<path d="${textPath(logo.wordmark, x, top)}" fill="none" stroke="${ink}" stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
  return parts.join('');
}

export function logoSvg(logo: Logo): string {
  const { trueWidth: w, trueHeight: h } = logo;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${logo.name}"><title>${logo.name}</title>${logoBody(logo)}</svg>`;
}

/** Sprite x offsets: logos laid side by side in file order. */
export function spriteLayout(all: Logo[]): { logo: Logo; x: number }[] {
  let x = 0;
  return all.map((logo) => {
    const slot = { logo, x };
    x += logo.trueWidth;
    return slot;
  });
}

export function spriteSvg(all: Logo[]): string {
  const layout = spriteLayout(all);
  const width = layout.reduce((sum, slot) => sum + slot.logo.trueWidth, 0);
  const height = logoStandards.artboardHeight;
  const cells = layout
    .map(
      ({ logo, x }) =>
        `<svg id="${logo.fileName.replace(/\.svg$/, '')}" x="${x}" y="0" width="${logo.trueWidth}" height="${logo.trueHeight}" viewBox="0 0 ${logo.trueWidth} ${logo.trueHeight}">${logoBody(logo)}</svg>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><title>Signal logo sprite</title>${cells}</svg>`;
}

export function manifestJson(all: Logo[]): string {
  const manifest = {
    generatedAt: new Date().toISOString(),
    standards: logoStandards,
    sprite: { fileName: 'signal-logos-sprite.svg', height: logoStandards.artboardHeight },
    logos: spriteLayout(all).map(({ logo, x }) => ({
      fileName: logo.fileName,
      name: logo.name,
      trueWidth: logo.trueWidth,
      trueHeight: logo.trueHeight,
      contentWidth: logo.contentWidth,
      contentHeight: logo.contentHeight,
      capHeight: logo.capHeight,
      horizontalPadding: logo.horizontalPadding,
      baselineOffset: logo.baselineOffset,
      primaryColor: logo.primaryColor,
      ...(logo.secondaryColor ? { secondaryColor: logo.secondaryColor } : {}),
      spriteX: x,
    })),
  };
  return JSON.stringify(manifest, null, 2);
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Saves text as a file: Blob, object URL, a temporary <a download>, then the URL is freed. */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
