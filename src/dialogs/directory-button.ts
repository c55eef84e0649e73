/**
 * A GM's button in the Actors directory: v13 and v14 pass the directory's element (an
 * HTMLElement) to `renderActorDirectory`; the button joins the header's actions (Create Actor,
 * Create Folder), once however often the directory is drawn.
 */
export function addDirectoryButton(
  html: HTMLElement,
  button: { className: string; icon: string; label: string; onClick(): void },
): void {
  if (!game.user?.isGM || html.querySelector(`.${button.className}`)) return;
  const place = html.querySelector(".header-actions") ?? html.querySelector(".directory-footer") ?? html;
  const element = html.ownerDocument.createElement("button");
  element.type = "button";
  element.className = `wuxia-harmonies ${button.className}`;
  const icon = html.ownerDocument.createElement("i");
  icon.className = `fa-solid ${button.icon}`;
  icon.setAttribute("inert", "");
  const label = html.ownerDocument.createElement("span");
  label.textContent = button.label;
  element.append(icon, " ", label);
  element.addEventListener("click", () => button.onClick());
  place.append(element);
}
