/**
 * Plaid Link runs from Plaid's own script (it cannot be bundled): loaded on the first click of
 * "Connect bank feed", never before, so no page loads anything from Plaid until a user asks.
 */
const LINK_SCRIPT = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

interface PlaidLinkMetadata {
  accounts: { id: string; name: string; mask: string | null }[];
}

interface PlaidGlobal {
  create(options: {
    token: string;
    onSuccess: (publicToken: string, metadata: PlaidLinkMetadata) => void;
    onExit: (error: { display_message?: string | null; error_message?: string } | null) => void;
  }): { open: () => void };
}

let loading: Promise<PlaidGlobal> | null = null;

function loadLink(): Promise<PlaidGlobal> {
  const existing = (window as unknown as { Plaid?: PlaidGlobal }).Plaid;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<PlaidGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = LINK_SCRIPT;
    script.async = true;
    script.onload = () => {
      const plaid = (window as unknown as { Plaid?: PlaidGlobal }).Plaid;
      if (plaid) resolve(plaid);
      else reject(new Error('Plaid Link did not start'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Plaid Link could not be loaded; check the connection and try again'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Opens Link with the token; resolves with the public token and the account chosen, or null when the user leaves. */
export async function openPlaidLink(linkToken: string): Promise<{ publicToken: string; accountId: string } | null> {
  const plaid = await loadLink();
  return new Promise((resolve, reject) => {
    plaid
      .create({
        token: linkToken,
        onSuccess: (publicToken, metadata) => {
          const accountId = metadata.accounts[0]?.id;
          if (accountId) resolve({ publicToken, accountId });
          else reject(new Error('Choose one account in Plaid Link'));
        },
        onExit: (error) => (error ? reject(new Error(error.display_message || error.error_message || 'Plaid Link closed with an error')) : resolve(null)),
      })
      .open();
  });
}
