/**
 * LoRaWAN frequency plans a LoRa device can be registered with (`GET /iot/v1/lora-freq-plans/`), by the
 * ids Arduino's API uses. `advanced` marks plans only some networks of a region use; a form offers the
 * others first.
 */
export const FREQUENCY_PLANS = [
  { id: 'EU_863_870_TTN', name: 'Europe 863-870 MHz', advanced: false },
  { id: 'US_902_928_FSB_2', name: 'United States 902-928 MHz, sub-band 2', advanced: false },
  { id: 'AU_915_928_FSB_2', name: 'Australia 915-928 MHz, sub-band 2', advanced: false },
  { id: 'AS_923_925', name: 'Asia 923-925 MHz', advanced: false },
  { id: 'KR_920_923_TTN', name: 'South Korea 920-923 MHz', advanced: false },
  { id: 'IN_865_867', name: 'India 865-867 MHz', advanced: false },
  { id: 'EU_433', name: 'Europe 433 MHz', advanced: true },
  { id: 'CN_470_510_FSB_11', name: 'China 470-510 MHz, sub-band 11', advanced: true },
  { id: 'AS_920_923', name: 'Asia 920-923 MHz', advanced: true },
  { id: 'AS_920_923_TTN_AU', name: 'Asia 920-923 MHz (Australian gateways)', advanced: true },
  { id: 'AS_923_925_TTN_AU', name: 'Asia 923-925 MHz (Australian gateways)', advanced: true },
] as const;

export type FrequencyPlanId = (typeof FREQUENCY_PLANS)[number]['id'];
export const FREQUENCY_PLAN_IDS = FREQUENCY_PLANS.map((p) => p.id) as [FrequencyPlanId, ...FrequencyPlanId[]];
