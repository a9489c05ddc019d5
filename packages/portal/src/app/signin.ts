/** Said on the sign-in form when the API refuses the token the portal was opened with. */
const refusedTokenMessage = 'Your token was refused or has expired. Sign in again.';

/**
 * The stand-alone page's sign-in: the token typed (or, on the demo, picked) goes into a new
 * `<affiliate-portal>` as a property, in memory only. Signing out removes the element, and the
 * token with it; so does a 401, which brings the form back saying why.
 */
function start(): void {
  const form = document.getElementById('ap-signin') as HTMLFormElement | null;
  const main = document.getElementById('ap-main');
  if (!form || !main) return;
  const typed = document.getElementById('ap-token') as HTMLInputElement | null;
  const picked = document.getElementById('ap-token-choice') as HTMLSelectElement | null;
  const signOut = document.getElementById('ap-signout') as HTMLButtonElement | null;
  const notice = document.getElementById('ap-signin-message');
  const backToSignIn = (message: string) => {
    main.querySelector('affiliate-portal')?.remove();
    form.hidden = false;
    if (signOut) signOut.hidden = true;
    if (notice) {
      notice.textContent = message;
      notice.hidden = message === '';
    }
    (typed ?? picked)?.focus();
  };
  main.addEventListener('affiliate-portal-unauthorized', () => {
    if (main.querySelector('affiliate-portal')) backToSignIn(refusedTokenMessage);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const choice = picked?.selectedOptions[0];
    const token = typed?.value.trim() || choice?.value || '';
    if (!token) return;
    const portal = document.createElement('affiliate-portal');
    portal.setAttribute('base-url', main.dataset.baseUrl || '/');
    portal.setAttribute('catalog-url', main.dataset.catalogUrl || 'catalog.json');
    const roles = typed?.value.trim() ? '' : (choice?.dataset.roles ?? '');
    if (roles) portal.setAttribute('roles', roles);
    portal.token = token;
    if (typed) typed.value = '';
    if (notice) notice.hidden = true;
    form.hidden = true;
    if (signOut) signOut.hidden = false;
    main.append(portal);
  });
  signOut?.addEventListener('click', () => backToSignIn(''));
}

start();
