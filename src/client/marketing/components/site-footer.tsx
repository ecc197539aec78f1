import { Link } from 'react-router';
import { BrandMark } from './brand-mark';

const columns = [
  {
    title: 'Product',
    links: [
      { label: 'Features', to: '/features' },
      { label: 'Pricing', to: '/pricing' },
      { label: 'AR Solutions', to: '/ar-solutions' },
      { label: 'Practice Management', to: '/practice-management' },
      { label: 'ROI calculator', to: '/checkout' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Case Studies', to: '/case-studies' },
      { label: 'Contact Sales', to: '/contact' },
      { label: 'Book a Demo', to: '/demo' },
      { label: 'Logo Assets', to: '/logo-assets' },
    ],
  },
  {
    title: 'Ecosystem',
    links: [
      { label: 'Signal Ecosystem', to: '/signal-ecosystem' },
      { label: 'LearnSignal', to: '/learnsignal-integration' },
      { label: 'Signal OS', to: '/signal-os-integration' },
      { label: 'Signal Resource', to: '/signal-resource-integration' },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-800 bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_repeat(3,1fr)]">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <BrandMark />
            Signal AR
          </p>
          <p className="mt-3 max-w-xs text-sm">
            Accounts receivable and payables automation for accounting practices and the businesses
            they serve.
          </p>
          <p className="mt-4 text-sm">
            <Link to="/auth" className="font-semibold text-white underline underline-offset-4">
              Sign in
            </Link>
          </p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-white">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-800 px-4 py-6 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} Signal AR. Part of the Signal group of products.
      </p>
    </footer>
  );
}
