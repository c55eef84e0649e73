/**
 * A literal port of the Scilab script of the Wuxia book's probability analysis: it builds the 3^n
 * leaves of the outcome tree as a matrix and walks it level by level with vector masks, as the
 * script does. It is the baseline wuxiaOdds is measured against; do not optimise it.
 */
export function scilabEnumeration(SR: number, n: number): { pr: number; pec: number } {
  // ********** Constantes **********
  const p = Math.min(0.1 * (10 - SR + 1), 0.9); // probabilité de réussite d'un dé
  const r = 0.1; // probabilité de faire un 1
  const q = 1 - p - r; // probabilité d'échec autre que 1

  // ********** Initialisation **********
  const leaves = 3 ** n;
  // tirage = ones(3^n, 1)*[0 0 1]: columns (successes − ones), any success, probability.
  const tirage = [new Float64Array(leaves), new Float64Array(leaves), new Float64Array(leaves).fill(1)] as const;
  const [net, anySuccess, prob] = tirage;
  // num_feuille = 1:3^n
  const numFeuille = new Float64Array(leaves);
  for (let i = 0; i < leaves; i++) numFeuille[i] = i + 1;

  let pec = 0; // proba globale d'échec critique
  let pr = 0; // proba globale de réussite

  // ********** Calcul **********
  for (let j = 0; j <= n - 1; j++) {
    // k = floor(num_feuille./(3^j))
    const k = new Float64Array(leaves);
    for (let i = 0; i < leaves; i++) k[i] = Math.floor((numFeuille[i] ?? 0) / 3 ** j);
    // bool_un = (modulo(k, 3) == 1)
    const boolUn = new Uint8Array(leaves);
    for (let i = 0; i < leaves; i++) boolUn[i] = (k[i] ?? 0) % 3 === 1 ? 1 : 0;
    for (let i = 0; i < leaves; i++) if (boolUn[i]) net[i] = (net[i] ?? 0) - 1;
    for (let i = 0; i < leaves; i++) if (boolUn[i]) prob[i] = (prob[i] ?? 0) * r;
    // bool_r = (modulo(k, 3) == 0)
    const boolR = new Uint8Array(leaves);
    for (let i = 0; i < leaves; i++) boolR[i] = (k[i] ?? 0) % 3 === 0 ? 1 : 0;
    for (let i = 0; i < leaves; i++) if (boolR[i]) net[i] = (net[i] ?? 0) + 1;
    for (let i = 0; i < leaves; i++) if (boolR[i]) anySuccess[i] = 1;
    for (let i = 0; i < leaves; i++) if (boolR[i]) prob[i] = (prob[i] ?? 0) * p;
    // bool_e = (~bool_un) & (~bool_r)
    const boolE = new Uint8Array(leaves);
    for (let i = 0; i < leaves; i++) boolE[i] = !boolUn[i] && !boolR[i] ? 1 : 0;
    for (let i = 0; i < leaves; i++) if (boolE[i]) prob[i] = (prob[i] ?? 0) * q;
  }

  // comptabilisation des échecs critiques et des réussites
  for (let i = 0; i < leaves; i++) {
    if ((net[i] ?? 0) < 0) pec = pec + (prob[i] ?? 0);
    else if ((net[i] ?? 0) >= 0 && anySuccess[i] === 1) pr = pr + (prob[i] ?? 0);
  }

  pec = 1e-3 * Math.round(1e3 * pec); // suppression des erreurs d'arrondi
  pr = 1e-3 * Math.round(1e3 * pr);
  return { pr: 100 * pr, pec: 100 * pec }; // normalisation en %
}
