import { describe, expect, it } from 'vitest';
import { capHeight, measureText, textPath } from './content/logo-font';
import { logoStandards, logos } from './content/logos';
import { pricingPage } from './content/pricing';
import type { Plan } from './content/types';
import { annualMonthlyCents, formatUsd } from './format-price';
import { logoSvg, manifestJson, spriteLayout, spriteSvg } from './pages/logo-assets/logo-svg';

describe('pricing figures', () => {
  const section = pricingPage.sections.find((s) => s.kind === 'pricing');
  const plans: Plan[] = section?.kind === 'pricing' ? section.plans : [];

  it('lists the four plans with the spec prices', () => {
    expect(plans.map((plan) => [plan.name, plan.price])).toEqual([
      ['Starter', { kind: 'free' }],
      ['Professional', { kind: 'monthly', cents: 8900 }],
      ['Enterprise', { kind: 'monthly', cents: 24900 }],
      ['Scale', { kind: 'custom' }],
    ]);
    expect(plans.filter((plan) => plan.popular).map((plan) => plan.name)).toEqual(['Professional']);
  });

  it('takes 20% off for annual billing, to the cent', () => {
    expect(annualMonthlyCents(8900)).toBe(7120);
    expect(formatUsd(annualMonthlyCents(8900))).toBe('$71.20');
    expect(formatUsd(annualMonthlyCents(8900) * 12)).toBe('$854.40');
    expect(formatUsd(24900)).toBe('$249');
  });

  it('has four add-ons and six questions', () => {
    const addOns = pricingPage.sections.find((s) => s.kind === 'addons');
    const faq = pricingPage.sections.find((s) => s.kind === 'faq');
    expect(addOns?.kind === 'addons' && addOns.items.map((a) => a.monthlyCents)).toEqual([
      2900, 4900, 9900, 19900,
    ]);
    expect(faq?.kind === 'faq' && faq.items).toHaveLength(6);
  });
});

describe('logo standards', () => {
  it('measures every logo to a 60 px cap height on an 80 px artboard with 20 px padding', () => {
    expect(logos).toHaveLength(6);
    for (const logo of logos) {
      expect(logo).toMatchObject({
        capHeight: 60,
        trueHeight: 80,
        horizontalPadding: 20,
        baselineOffset: 10,
      });
      expect(logo.trueWidth).toBe(logo.contentWidth + 2 * logoStandards.horizontalPadding);
    }
  });

  it('keeps the wordmark ink between the cap line and the baseline', () => {
    const ys = [
      ...textPath('SIGNAL RESOURCE ACCA CIMA AICPA LEARNSIGNAL OS', 0, 0).matchAll(
        /[ML](-?\d+) (-?\d+)/g,
      ),
    ].map((match) => Number(match[2]));
    // Centre-lines sit half a stroke inside, so the stroked ink spans exactly 0 to 60.
    expect(Math.min(...ys)).toBe(5);
    expect(Math.max(...ys)).toBe(capHeight - 5);
    expect(measureText('ACCA')).toBe(40 * 4 + 8 * 3);
  });

  it('writes standalone SVGs, a sprite with each logo at its offset, and a manifest', () => {
    const acca = logos[0];
    expect(acca && logoSvg(acca)).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="\d+" height="80"/,
    );
    const sprite = spriteSvg(logos);
    expect(sprite.match(/<svg id=/g)).toHaveLength(6);
    const layout = spriteLayout(logos);
    expect(layout[1]?.x).toBe(logos[0]?.trueWidth);
    const manifest = JSON.parse(manifestJson(logos)) as { logos: { spriteX: number }[] };
    expect(manifest.logos.map((logo) => logo.spriteX)).toEqual(layout.map((slot) => slot.x));
  });
});
