import { Award, Bot, Globe, ShieldCheck, Users } from 'lucide-react';

const claims = [
  { icon: Users, title: '250,000+ professionals', text: 'Accountants, firm owners and finance teams run their receivables and payables here.' },
  { icon: Globe, title: '150+ countries', text: 'Invoice and pay in the currency and format your clients expect.' },
  { icon: ShieldCheck, title: 'Enterprise-ready security', text: 'Encrypted bank details, audited approvals and role-based access.' },
  { icon: Award, title: 'Partnerships with professional bodies', text: 'Built with accounting associations and their members.' },
  { icon: Bot, title: 'AI-powered automation', text: 'Documents read by OCR, reminders and approvals that run themselves.' },
];

/** Spec 2.3: the panel beside the forms on large screens. */
export function MarketingPanel() {
  return (
    <aside className="hidden flex-col justify-center gap-8 bg-gradient-to-br from-blue-700 to-slate-900 p-12 text-white lg:flex">
      <div>
        <h2 className="text-3xl font-semibold">The AR and payments platform for accounting practices</h2>
        <p className="mt-3 text-blue-100">Send invoices, pay bills, approve payments and keep every record in one place.</p>
      </div>
      <ul className="grid gap-5">
        {claims.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/10">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span>
              <span className="block font-medium">{title}</span>
              <span className="block text-sm text-blue-100">{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
