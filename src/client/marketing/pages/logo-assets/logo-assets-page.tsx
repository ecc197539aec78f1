import { Download, FileJson, Images, LayoutPanelLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { actionClass } from '../../components/action-link';
import { MarketingLayout } from '../../components/marketing-layout';
import { downloadStaggerMs, type Logo, logoStandards, logos } from '../../content/logos';
import { downloadText, logoSvg, manifestJson, spriteSvg, svgDataUrl } from './logo-svg';

const svgType = 'image/svg+xml';

export default function LogoAssetsPage() {
  const [status, setStatus] = useState('');
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const downloadAll = () => {
    timers.current.forEach(clearTimeout);
    // One file every 200 ms: browsers drop bursts of simultaneous downloads.
    timers.current = logos.map((logo, index) =>
      setTimeout(
        () => downloadText(logo.fileName, logoSvg(logo), svgType),
        index * downloadStaggerMs,
      ),
    );
    setStatus(`Downloading ${logos.length} logo files…`);
  };

  const downloadSprite = () => {
    downloadText('signal-logos-sprite.svg', spriteSvg(logos), svgType);
    setStatus('Sprite downloaded.');
  };

  const downloadManifest = () => {
    downloadText('signal-logos-manifest.json', manifestJson(logos), 'application/json');
    setStatus('Manifest downloaded.');
  };

  return (
    <MarketingLayout
      meta={{
        title: 'Logo assets · Signal AR',
        description:
          'Download partner and brand logos as SVG drawn to one standard: 60 px cap height, 80 px artboard, 20 px horizontal padding. Sprite and JSON manifest included.',
      }}
    >
      <section className="bg-slate-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Logo assets</h1>
          <p className="mt-3 max-w-2xl text-slate-300">
            Six logos drawn to one standard so they line up anywhere: {logoStandards.capHeight} px
            cap height on an {logoStandards.artboardHeight} px artboard with{' '}
            {logoStandards.horizontalPadding} px horizontal padding. Every file is generated in your
            browser.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <button type="button" onClick={downloadAll} className={actionClass('primary', true)}>
              <Images className="size-4" aria-hidden="true" />
              Download all logos (SVG)
            </button>
            <button
              type="button"
              onClick={downloadSprite}
              className={actionClass('secondary', true)}
            >
              <LayoutPanelLeft className="size-4" aria-hidden="true" />
              Download sprite
            </button>
            <button
              type="button"
              onClick={downloadManifest}
              className={actionClass('secondary', true)}
            >
              <FileJson className="size-4" aria-hidden="true" />
              Download manifest (JSON)
            </button>
          </div>
          <p role="status" className="mt-4 min-h-5 text-sm text-slate-300">
            {status}
          </p>
        </div>
      </section>

      <section aria-labelledby="logo-list" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="logo-list" className="text-2xl font-bold text-slate-900">
          Logos
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {logos.map((logo) => (
            <LogoCard key={logo.fileName} logo={logo} />
          ))}
        </ul>
      </section>
    </MarketingLayout>
  );
}

function LogoCard({ logo }: { logo: Logo }) {
  const facts: [string, string][] = [
    ['Dimensions', `${logo.trueWidth} × ${logo.trueHeight} px`],
    ['Content size', `${logo.contentWidth} × ${logo.contentHeight} px`],
    ['Cap height', `${logo.capHeight} px`],
    ['Padding', `${logo.horizontalPadding} px horizontal`],
    ['Baseline offset', `${logo.baselineOffset} px`],
  ];
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex h-28 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3">
        <img
          src={svgDataUrl(logoSvg(logo))}
          alt={`${logo.name} logo`}
          className="max-h-full max-w-full"
          width={logo.trueWidth}
          height={logo.trueHeight}
        />
      </div>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{logo.name}</h3>
      <p className="text-sm text-slate-600">
        {logo.group} · <span className="font-mono">{logo.fileName}</span>
      </p>
      <dl className="mt-4 mb-5 space-y-1.5 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
        <ColorFact label="Primary colour" color={logo.primaryColor} />
        {logo.secondaryColor && <ColorFact label="Secondary colour" color={logo.secondaryColor} />}
      </dl>
      <button
        type="button"
        onClick={() => downloadText(logo.fileName, logoSvg(logo), svgType)}
        className={`${actionClass('secondary')} mt-auto`}
      >
        <Download className="size-4" aria-hidden="true" />
        Download {logo.name} SVG
      </button>
    </li>
  );
}

function ColorFact({ label, color }: { label: string; color: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className="flex items-center gap-2 font-mono font-medium text-slate-900">
        <span
          className="size-4 rounded border border-slate-300"
          style={{ backgroundColor: color }}
          aria-hidden="true"
        />
        {color}
      </dd>
    </div>
  );
}
