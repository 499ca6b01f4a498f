/**
 * The home page's filter form (a plain GET form, src/pages/index.astro), with JavaScript: it sends the sort the list
 * shows now (the sort menu changes it in the address without a reload), and leaves unset fields out of the address.
 */
for (const form of document.querySelectorAll<HTMLFormElement>("form.home-filters")) {
  form.addEventListener("submit", () => {
    const sort = form.querySelector<HTMLInputElement>("[data-list-sort]");
    if (sort) sort.value = new URLSearchParams(window.location.search).get("sort") ?? "";
    for (const field of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input, select"))
      if (!field.value) field.disabled = true;
  });
}
