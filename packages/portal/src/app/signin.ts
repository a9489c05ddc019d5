/**
 * The stand-alone page's sign-in: the token typed (or, on the demo, picked) goes into a new
 * `<affiliate-portal>` as a property, in memory only. Signing out removes the element, and the
 * token with it.
 */
function start(): void {
  const form = document.getElementById('ap-signin') as HTMLFormElement | null;
  const main = document.getElementById('ap-main');
  if (!form || !main) return;
  const typed = document.getElementById('ap-token') as HTMLInputElement | null;
  const picked = document.getElementById('ap-token-choice') as HTMLSelectElement | null;
  const signOut = document.getElementById('ap-signout') as HTMLButtonElement | null;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const choice = picked?.selectedOptions[0];
    const token = typed?.value.trim() || choice?.value || '';
    if (!token) return;
    const portal = document.createElement('affiliate-portal');
    portal.setAttribute('base-url', main.dataset.baseUrl || location.origin);
    portal.setAttribute('catalog-url', main.dataset.catalogUrl || 'catalog.json');
    const roles = typed?.value.trim() ? '' : (choice?.dataset.roles ?? '');
    if (roles) portal.setAttribute('roles', roles);
    portal.token = token;
    if (typed) typed.value = '';
    form.hidden = true;
    if (signOut) signOut.hidden = false;
    main.append(portal);
  });
  signOut?.addEventListener('click', () => {
    main.querySelector('affiliate-portal')?.remove();
    form.hidden = false;
    signOut.hidden = true;
    (typed ?? picked)?.focus();
  });
}

start();
