import { capHeight, measureText } from './logo-font';

/** Logo page standards (practice spec 9). */
export const logoStandards = { capHeight, artboardHeight: 80, horizontalPadding: 20 } as const;
export const downloadStaggerMs = 200;

/** The spec's logo entity (3.7): measurements in pixels, colours as hex. */
export interface Logo {
  fileName: string;
  name: string;
  group: 'Accounting body' | 'Company brand';
  wordmark: string;
  /** Company brands carry the rising-bars mark before the wordmark. */
  hasMark: boolean;
  trueWidth: number;
  trueHeight: number;
  contentWidth: number;
  contentHeight: number;
  capHeight: number;
  horizontalPadding: number;
  baselineOffset: number;
  primaryColor: string;
  secondaryColor?: string;
}

export const markWidth = 48;
export const markGap = 16;

interface LogoSource {
  fileName: string;
  name: string;
  group: Logo['group'];
  wordmark: string;
  hasMark: boolean;
  primaryColor: string;
  secondaryColor?: string;
}

const sources: LogoSource[] = [
  {
    fileName: 'acca-wordmark.svg',
    name: 'ACCA',
    group: 'Accounting body',
    wordmark: 'ACCA',
    hasMark: false,
    primaryColor: '#B91C1C',
  },
  {
    fileName: 'cima-wordmark.svg',
    name: 'CIMA',
    group: 'Accounting body',
    wordmark: 'CIMA',
    hasMark: false,
    primaryColor: '#1E3A8A',
  },
  {
    fileName: 'aicpa-wordmark.svg',
    name: 'AICPA',
    group: 'Accounting body',
    wordmark: 'AICPA',
    hasMark: false,
    primaryColor: '#0F766E',
  },
  {
    fileName: 'learnsignal-logo.svg',
    name: 'LearnSignal',
    group: 'Company brand',
    wordmark: 'LearnSignal',
    hasMark: true,
    primaryColor: '#1D4ED8',
    secondaryColor: '#0F172A',
  },
  {
    fileName: 'signal-os-logo.svg',
    name: 'Signal OS',
    group: 'Company brand',
    wordmark: 'Signal OS',
    hasMark: true,
    primaryColor: '#7C3AED',
    secondaryColor: '#0F172A',
  },
  {
    fileName: 'signal-resource-logo.svg',
    name: 'Signal Resource',
    group: 'Company brand',
    wordmark: 'Signal Resource',
    hasMark: true,
    primaryColor: '#C2410C',
    secondaryColor: '#0F172A',
  },
];

function measure(source: LogoSource): Logo {
  const contentWidth = measureText(source.wordmark) + (source.hasMark ? markWidth + markGap : 0);
  const { artboardHeight, horizontalPadding } = logoStandards;
  return {
    ...source,
    trueWidth: contentWidth + 2 * horizontalPadding,
    trueHeight: artboardHeight,
    contentWidth,
    contentHeight: capHeight,
    capHeight,
    horizontalPadding,
    // The cap height sits centred on the artboard, so the baseline is this far above the bottom.
    baselineOffset: (artboardHeight - capHeight) / 2,
  };
}

export const logos: Logo[] = sources.map(measure);
