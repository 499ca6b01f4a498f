/**
 * The home page's filter form (a plain GET form, src/pages/index.astro), with JavaScript: it sends the sort the list
 * shows now (the sort menu changes it in the address without a reload), and leaves unset fields out of the address.
 * Listened for on the document, as the client router brings the form with each visit to the page.
 */
document.addEventListener(
  "submit",
  (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches("form.home-filters")) return;
    const sort = form.querySelector<HTMLInputElement>("[data-list-sort]");
    if (sort) sort.value = new URLSearchParams(window.location.search).get("sort") ?? "";
    for (const field of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input, select"))
      if (!field.value) field.disabled = true;
  },
  // Before the client router (which listens on the document too) reads the form's fields.
  true,
);
