// Generated from docs/openapi.json by `npm run portal-types`: do not edit by hand.

/** The API's named schemas (`components.schemas`). */
export interface Schemas {
  readonly Error: {
    readonly success: false;
    readonly error: {
      readonly code: string;
      readonly message: string;
      readonly field?: string;
    };
  };
  /** A v2 webhook payload: the envelope, the patient-identity block and the allowlisted fields of its event type, told apart by `event_type`. Fields are additive within an `api_version`, so objects accept keys they do not list. */
  readonly WebhookEvent:
    | Schemas['OrderCreatedEvent']
    | Schemas['OrderUpdatedEvent']
    | Schemas['OrderStatusChangedEvent']
    | Schemas['OrderCancelledEvent']
    | Schemas['OrderCompletedEvent']
    | Schemas['OrderCaseStatusChangedEvent']
    | Schemas['OrderMessageReceivedEvent']
    | Schemas['OrderVisitScheduledEvent']
    | Schemas['OrderVisitCompletedEvent']
    | Schemas['OrderAssetUnlockedEvent']
    | Schemas['OrderTitrationChangedEvent']
    | Schemas['OrderReminderSentEvent']
    | Schemas['OrderQuestionnaireCompletedEvent']
    | Schemas['OrderProductChangedEvent']
    | Schemas['PrescriptionCreatedEvent']
    | Schemas['PrescriptionApprovedEvent']
    | Schemas['PrescriptionDeniedEvent']
    | Schemas['PrescriptionSentToPharmacyEvent']
    | Schemas['PrescriptionRenewalRequestedEvent']
    | Schemas['PharmacyReceivedPrescriptionEvent']
    | Schemas['PharmacyFilledPrescriptionEvent']
    | Schemas['PharmacyStatusChangedEvent']
    | Schemas['PharmacyRejectedPrescriptionEvent']
    | Schemas['ShipmentCreatedEvent']
    | Schemas['ShipmentInTransitEvent']
    | Schemas['ShipmentDeliveredEvent']
    | Schemas['ShipmentExceptionEvent']
    | Schemas['PaymentSucceededEvent']
    | Schemas['PaymentFailedEvent']
    | Schemas['PaymentRefundedEvent']
    | Schemas['ConsultationPaymentSucceededEvent']
    | Schemas['LabOrderCreatedEvent']
    | Schemas['LabOrderStatusChangedEvent']
    | Schemas['LabResultsReceivedEvent']
    | Schemas['LabResultsInterpretedEvent']
    | Schemas['SupportCaseCreatedEvent']
    | Schemas['SupportCaseStatusChangedEvent']
    | Schemas['SupportCaseRepliedEvent']
    | Schemas['JourneyStartedEvent']
    | Schemas['JourneyContactCapturedEvent']
    | Schemas['JourneyCheckoutStartedEvent']
    | Schemas['JourneyCompletedEvent']
    | Schemas['JourneyAbandonedEvent']
    | Schemas['CustomIntakeFormCompletedEvent']
    | Schemas['EcommerceOrderCreatedEvent']
    | Schemas['EcommerceOrderPaidEvent']
    | Schemas['EcommerceOrderRefundedEvent']
    | Schemas['EcommerceOrderCancelledEvent']
    | Schemas['SubscriptionCreatedEvent']
    | Schemas['SubscriptionRenewedEvent']
    | Schemas['SubscriptionPausedEvent']
    | Schemas['SubscriptionResumedEvent']
    | Schemas['SubscriptionCancelledEvent']
    | Schemas['SubscriptionRenewalFailedEvent']
    | Schemas['PatientEnrolledEvent']
    | Schemas['PatientUpdatedEvent']
    | Schemas['PatientConsentChangedEvent']
    | Schemas['PatientExternalIdLinkedEvent'];
  /** The envelope of every v2 webhook payload, whatever its event type. */
  readonly WebhookEnvelope: {
    readonly event_type:
      | 'order_created'
      | 'order_updated'
      | 'order_status_changed'
      | 'order_cancelled'
      | 'order_completed'
      | 'order_case_status_changed'
      | 'order_message_received'
      | 'order_visit_scheduled'
      | 'order_visit_completed'
      | 'order_asset_unlocked'
      | 'order_titration_changed'
      | 'order_reminder_sent'
      | 'order_questionnaire_completed'
      | 'order_product_changed'
      | 'prescription_created'
      | 'prescription_approved'
      | 'prescription_denied'
      | 'prescription_sent_to_pharmacy'
      | 'prescription_renewal_requested'
      | 'pharmacy_received_prescription'
      | 'pharmacy_filled_prescription'
      | 'pharmacy_status_changed'
      | 'pharmacy_rejected_prescription'
      | 'shipment_created'
      | 'shipment_in_transit'
      | 'shipment_delivered'
      | 'shipment_exception'
      | 'payment_succeeded'
      | 'payment_failed'
      | 'payment_refunded'
      | 'consultation_payment_succeeded'
      | 'lab_order_created'
      | 'lab_order_status_changed'
      | 'lab_results_received'
      | 'lab_results_interpreted'
      | 'support_case_created'
      | 'support_case_status_changed'
      | 'support_case_replied'
      | 'journey_started'
      | 'journey_contact_captured'
      | 'journey_checkout_started'
      | 'journey_completed'
      | 'journey_abandoned'
      | 'custom_intake_form_completed'
      | 'ecommerce_order_created'
      | 'ecommerce_order_paid'
      | 'ecommerce_order_refunded'
      | 'ecommerce_order_cancelled'
      | 'subscription_created'
      | 'subscription_renewed'
      | 'subscription_paused'
      | 'subscription_resumed'
      | 'subscription_cancelled'
      | 'subscription_renewal_failed'
      | 'patient_enrolled'
      | 'patient_updated'
      | 'patient_consent_changed'
      | 'patient_external_id_linked';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
  } & { readonly [key: string]: unknown };
  readonly OrderCreatedEvent: {
    readonly event_type: 'order_created';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly order_status?: string | null;
    readonly case_status?: string | null;
    readonly case_id?: string | null;
    readonly ecommerce_order_id?: string | null;
    readonly journey_id?: string | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly subscription_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly order_tag?: string | null;
    readonly patient_conversation_id?: string | null;
    readonly channel_type?: string | null;
    readonly visit_type?: string | null;
    readonly visit_id?: string | null;
    readonly external_case_identifier?: string | null;
    readonly external_case_status?: string | null;
    readonly order_asset_id?: string | null;
    readonly unlocked_at?: string | null;
    readonly order_external_identifier?: string | null;
    readonly asset_link?: string | null;
    readonly titration_config_id?: string | null;
    readonly titration_direction?: string | null;
    readonly config_name?: string | null;
    readonly status_transition?: Schemas['JsonValue'];
    readonly questionnaire_id?: string | null;
    readonly location_id?: string | null;
    readonly previous_product_variation_id?: string | null;
    readonly current_product_variation_ids?: readonly string[] | null;
    readonly future_product_variation_ids?: readonly string[] | null;
    readonly current_pv_count?: number | null;
    readonly future_pv_count?: number | null;
    readonly future_prescriptions_to_create?: Schemas['JsonValue'];
    readonly video_requested?: boolean | null;
    readonly reason?: string | null;
    readonly message_type?: string | null;
    readonly order_link?: string | null;
    readonly reminder_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly OrderUpdatedEvent: {
    readonly event_type: 'order_updated';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly order_status?: string | null;
    readonly case_status?: string | null;
    readonly case_id?: string | null;
    readonly ecommerce_order_id?: string | null;
    readonly journey_id?: string | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly subscription_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly order_tag?: string | null;
    readonly patient_conversation_id?: string | null;
    readonly channel_type?: string | null;
    readonly visit_type?: string | null;
    readonly visit_id?: string | null;
    readonly external_case_identifier?: string | null;
    readonly external_case_status?: string | null;
    readonly order_asset_id?: string | null;
    readonly unlocked_at?: string | null;
    readonly order_external_identifier?: string | null;
    readonly asset_link?: string | null;
    readonly titration_config_id?: string | null;
    readonly titration_direction?: string | null;
    readonly config_name?: string | null;
    readonly status_transition?: Schemas['JsonValue'];
    readonly questionnaire_id?: string | null;
    readonly location_id?: string | null;
    readonly previous_product_variation_id?: string | null;
    readonly current_product_variation_ids?: readonly string[] | null;
    readonly future_product_variation_ids?: readonly string[] | null;
    readonly current_pv_count?: number | null;
    readonly future_pv_count?: number | null;
    readonly future_prescriptions_to_create?: Schemas['JsonValue'];
    readonly video_requested?: boolean | null;
    readonly reason?: string | null;
    readonly message_type?: string | null;
    readonly order_link?: string | null;
    readonly reminder_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly OrderStatusChangedEvent: {
    readonly event_type: 'order_status_changed';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly order_status?: string | null;
    readonly case_status?: string | null;
    readonly case_id?: string | null;
    readonly ecommerce_order_id?: string | null;
    readonly journey_id?: string | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly subscription_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly order_tag?: string | null;
    readonly patient_conversation_id?: string | null;
    readonly channel_type?: string | null;
    readonly visit_type?: string | null;
    readonly visit_id?: string | null;
    readonly external_case_identifier?: string | null;
    readonly external_case_status?: string | null;
    readonly order_asset_id?: string | null;
    readonly unlocked_at?: string | null;
    readonly order_external_identifier?: string | null;
    readonly asset_link?: string | null;
    readonly titration_config_id?: string | null;
    readonly titration_direction?: string | null;
    readonly config_name?: string | null;
    readonly status_transition?: Schemas['JsonValue'];
    readonly questionnaire_id?: string | null;
    readonly location_id?: string | null;
    readonly previous_product_variation_id?: string | null;
    readonly current_product_variation_ids?: readonly string[] | null;
    readonly future_product_variation_ids?: readonly string[] | null;
    readonly current_pv_count?: number | null;
    readonly future_pv_count?: number | null;
    readonly future_prescriptions_to_create?: Schemas['JsonValue'];
    readonly video_requested?: boolean | null;
    readonly reason?: string | null;
    readonly message_type?: string | null;
    readonly order_link?: string | null;
    readonly reminder_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly OrderCancelledEvent: {
    readonly event_type: 'order_cancelled';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly order_status?: string | null;
    readonly case_status?: string | null;
    readonly case_id?: string | null;
    readonly ecommerce_order_id?: string | null;
    readonly journey_id?: string | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly subscription_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly order_tag?: string | null;
    readonly patient_conversation_id?: string | null;
    readonly channel_type?: string | null;
    readonly visit_type?: string | null;
    readonly visit_id?: string | null;
    readonly external_case_identifier?: string | null;
    readonly external_case_status?: string | null;
    readonly order_asset_id?: string | null;
    readonly unlocked_at?: string | null;
    readonly order_external_identifier?: string | null;
    readonly asset_link?: string | null;
    readonly titration_config_id?: string | null;
    readonly titration_direction?: string | null;
    readonly config_name?: string | null;
    readonly status_transition?: Schemas['JsonValue'];
    readonly questionnaire_id?: string | null;
    readonly location_id?: string | null;
    readonly previous_product_variation_id?: string | null;
    readonly current_product_variation_ids?: readonly string[] | null;
    readonly future_product_variation_ids?: readonly string[] | null;
    readonly current_pv_count?: number | null;
    readonly future_pv_count?: number | null;
    readonly future_prescriptions_to_create?: Schemas['JsonValue'];
    readonly video_requested?: boolean | null;
    readonly reason?: string | null;
    readonly message_type?: string | null;
    readonly order_link?: string | null;
    readonly reminder_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly OrderCompletedEvent: {
    readonly event_type: 'order_completed';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly order_status?: string | null;
    readonly case_status?: string | null;
    readonly case_id?: string | null;
    readonly ecommerce_order_id?: string | null;
    readonly journey_id?: string | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly subscription_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly order_tag?: string | null;
    readonly patient_conversation_id?: string | null;
    readonly channel_type?: string | null;
    readonly visit_type?: string | null;
    readonly visit_id?: string | null;
    readonly external_case_identifier?: string | null;
    readonly external_case_status?: string | null;
    readonly order_asset_id?: string | null;
    readonly unlocked_at?: string | null;
    readonly order_external_identifier?: string | null;
    readonly asset_link?: string | null;
    readonly titration_config_id?: string | null;
    readonly titration_direction?: string | null;
    readonly config_name?: string | null;
    readonly status_transition?: Schemas['JsonValue'];
    readonly questionnaire_id?: string | null;
    readonly location_id?: string | null;
    readonly previous_product_variation_id?: string | null;
    readonly current_product_variation_ids?: readonly string[] | null;
    readonly future_product_variation_ids?: readonly string[] | null;
    readonly current_pv_count?: number | null;
    readonly future_pv_count?: number | null;
    readonly future_prescriptions_to_create?: Schemas['JsonValue'];
    readonly video_requested?: boolean | null;
    readonly reason?: string | null;
    readonly message_type?: string | null;
    readonly order_link?: string | null;
    readonly reminder_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly OrderCaseStatusChangedEvent: {
    readonly event_type: 'order_case_status_changed';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly order_status?: string | null;
    readonly case_status?: string | null;
    readonly case_id?: string | null;
    readonly ecommerce_order_id?: string | null;
    readonly journey_id?: string | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly subscription_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly order_tag?: string | null;
    readonly patient_conversation_id?: string | null;
    readonly channel_type?: string | null;
    readonly visit_type?: string | null;
    readonly visit_id?: string | null;
    readonly external_case_identifier?: string | null;
    readonly external_case_status?: string | null;
    readonly order_asset_id?: string | null;
    readonly unlocked_at?: string | null;
    readonly order_external_identifier?: string | null;
    readonly asset_link?: string | null;
    readonly titration_config_id?: string | null;
    readonly titration_direction?: string | null;
    readonly config_name?: string | null;
    readonly status_transition?: Schemas['JsonValue'];
    readonly questionnaire_id?: string | null;
    readonly location_id?: string | null;
    readonly previous_product_variation_id?: string | null;
    readonly current_product_variation_ids?: readonly string[] | null;
    readonly future_product_variation_ids?: readonly string[] | null;
    readonly current_pv_count?: number | null;
    readonly future_pv_count?: number | null;
    readonly future_prescriptions_to_create?: Schemas['JsonValue'];
    readonly video_requested?: boolean | null;
    readonly reason?: string | null;
    readonly message_type?: string | null;
    readonly order_link?: string | null;
    readonly reminder_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly OrderMessageReceivedEvent: {
    readonly event_type: 'order_message_received';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly order_status?: string | null;
    readonly case_status?: string | null;
    readonly case_id?: string | null;
    readonly ecommerce_order_id?: string | null;
    readonly journey_id?: string | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly subscription_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly order_tag?: string | null;
    readonly patient_conversation_id?: string | null;
    readonly channel_type?: string | null;
    readonly visit_type?: string | null;
    readonly visit_id?: string | null;
    readonly external_case_identifier?: string | null;
    readonly external_case_status?: string | null;
    readonly order_asset_id?: string | null;
    readonly unlocked_at?: string | null;
    readonly order_external_identifier?: string | null;
    readonly asset_link?: string | null;
    readonly titration_config_id?: string | null;
    readonly titration_direction?: string | null;
    readonly config_name?: string | null;
    readonly status_transition?: Schemas['JsonValue'];
    readonly questionnaire_id?: string | null;
    readonly location_id?: string | null;
    readonly previous_product_variation_id?: string | null;
    readonly current_product_variation_ids?: readonly string[] | null;
    readonly future_product_variation_ids?: readonly string[] | null;
    readonly current_pv_count?: number | null;
    readonly future_pv_count?: number | null;
    readonly future_prescriptions_to_create?: Schemas['JsonValue'];
    readonly video_requested?: boolean | null;
    readonly reason?: string | null;
    readonly message_type?: string | null;
    readonly order_link?: string | null;
    readonly reminder_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly OrderVisitScheduledEvent: {
    readonly event_type: 'order_visit_scheduled';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly order_status?: string | null;
    readonly case_status?: string | null;
    readonly case_id?: string | null;
    readonly ecommerce_order_id?: string | null;
    readonly journey_id?: string | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly subscription_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly order_tag?: string | null;
    readonly patient_conversation_id?: string | null;
    readonly channel_type?: string | null;
    readonly visit_type?: string | null;
    readonly visit_id?: string | null;
    readonly external_case_identifier?: string | null;
    readonly external_case_status?: string | null;
    readonly order_asset_id?: string | null;
    readonly unlocked_at?: string | null;
    readonly order_external_identifier?: string | null;
    readonly asset_link?: string | null;
    readonly titration_config_id?: string | null;
    readonly titration_direction?: string | null;
    readonly config_name?: string | null;
    readonly status_transition?: Schemas['JsonValue'];
    readonly questionnaire_id?: string | null;
    readonly location_id?: string | null;
    readonly previous_product_variation_id?: string | null;
    readonly current_product_variation_ids?: readonly string[] | null;
    readonly future_product_variation_ids?: readonly string[] | null;
    readonly current_pv_count?: number | null;
    readonly future_pv_count?: number | null;
    readonly future_prescriptions_to_create?: Schemas['JsonValue'];
    readonly video_requested?: boolean | null;
    readonly reason?: string | null;
    readonly message_type?: string | null;
    readonly order_link?: string | null;
    readonly reminder_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly OrderVisitCompletedEvent: {
    readonly event_type: 'order_visit_completed';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly order_status?: string | null;
    readonly case_status?: string | null;
    readonly case_id?: string | null;
    readonly ecommerce_order_id?: string | null;
    readonly journey_id?: string | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly subscription_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly order_tag?: string | null;
    readonly patient_conversation_id?: string | null;
    readonly channel_type?: string | null;
    readonly visit_type?: string | null;
    readonly visit_id?: string | null;
    readonly external_case_identifier?: string | null;
    readonly external_case_status?: string | null;
    readonly order_asset_id?: string | null;
    readonly unlocked_at?: string | null;
    readonly order_external_identifier?: string | null;
    readonly asset_link?: string | null;
    readonly titration_config_id?: string | null;
    readonly titration_direction?: string | null;
    readonly config_name?: string | null;
    readonly status_transition?: Schemas['JsonValue'];
    readonly questionnaire_id?: string | null;
    readonly location_id?: string | null;
    readonly previous_product_variation_id?: string | null;
    readonly current_product_variation_ids?: readonly string[] | null;
    readonly future_product_variation_ids?: readonly string[] | null;
    readonly current_pv_count?: number | null;
    readonly future_pv_count?: number | null;
    readonly future_prescriptions_to_create?: Schemas['JsonValue'];
    readonly video_requested?: boolean | null;
    readonly reason?: string | null;
    readonly message_type?: string | null;
    readonly order_link?: string | null;
    readonly reminder_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly OrderAssetUnlockedEvent: {
    readonly event_type: 'order_asset_unlocked';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly order_status?: string | null;
    readonly case_status?: string | null;
    readonly case_id?: string | null;
    readonly ecommerce_order_id?: string | null;
    readonly journey_id?: string | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly subscription_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly order_tag?: string | null;
    readonly patient_conversation_id?: string | null;
    readonly channel_type?: string | null;
    readonly visit_type?: string | null;
    readonly visit_id?: string | null;
    readonly external_case_identifier?: string | null;
    readonly external_case_status?: string | null;
    readonly order_asset_id?: string | null;
    readonly unlocked_at?: string | null;
    readonly order_external_identifier?: string | null;
    readonly asset_link?: string | null;
    readonly titration_config_id?: string | null;
    readonly titration_direction?: string | null;
    readonly config_name?: string | null;
    readonly status_transition?: Schemas['JsonValue'];
    readonly questionnaire_id?: string | null;
    readonly location_id?: string | null;
    readonly previous_product_variation_id?: string | null;
    readonly current_product_variation_ids?: readonly string[] | null;
    readonly future_product_variation_ids?: readonly string[] | null;
    readonly current_pv_count?: number | null;
    readonly future_pv_count?: number | null;
    readonly future_prescriptions_to_create?: Schemas['JsonValue'];
    readonly video_requested?: boolean | null;
    readonly reason?: string | null;
    readonly message_type?: string | null;
    readonly order_link?: string | null;
    readonly reminder_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly OrderTitrationChangedEvent: {
    readonly event_type: 'order_titration_changed';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly order_status?: string | null;
    readonly case_status?: string | null;
    readonly case_id?: string | null;
    readonly ecommerce_order_id?: string | null;
    readonly journey_id?: string | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly subscription_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly order_tag?: string | null;
    readonly patient_conversation_id?: string | null;
    readonly channel_type?: string | null;
    readonly visit_type?: string | null;
    readonly visit_id?: string | null;
    readonly external_case_identifier?: string | null;
    readonly external_case_status?: string | null;
    readonly order_asset_id?: string | null;
    readonly unlocked_at?: string | null;
    readonly order_external_identifier?: string | null;
    readonly asset_link?: string | null;
    readonly titration_config_id?: string | null;
    readonly titration_direction?: string | null;
    readonly config_name?: string | null;
    readonly status_transition?: Schemas['JsonValue'];
    readonly questionnaire_id?: string | null;
    readonly location_id?: string | null;
    readonly previous_product_variation_id?: string | null;
    readonly current_product_variation_ids?: readonly string[] | null;
    readonly future_product_variation_ids?: readonly string[] | null;
    readonly current_pv_count?: number | null;
    readonly future_pv_count?: number | null;
    readonly future_prescriptions_to_create?: Schemas['JsonValue'];
    readonly video_requested?: boolean | null;
    readonly reason?: string | null;
    readonly message_type?: string | null;
    readonly order_link?: string | null;
    readonly reminder_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly OrderReminderSentEvent: {
    readonly event_type: 'order_reminder_sent';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly order_status?: string | null;
    readonly case_status?: string | null;
    readonly case_id?: string | null;
    readonly ecommerce_order_id?: string | null;
    readonly journey_id?: string | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly subscription_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly order_tag?: string | null;
    readonly patient_conversation_id?: string | null;
    readonly channel_type?: string | null;
    readonly visit_type?: string | null;
    readonly visit_id?: string | null;
    readonly external_case_identifier?: string | null;
    readonly external_case_status?: string | null;
    readonly order_asset_id?: string | null;
    readonly unlocked_at?: string | null;
    readonly order_external_identifier?: string | null;
    readonly asset_link?: string | null;
    readonly titration_config_id?: string | null;
    readonly titration_direction?: string | null;
    readonly config_name?: string | null;
    readonly status_transition?: Schemas['JsonValue'];
    readonly questionnaire_id?: string | null;
    readonly location_id?: string | null;
    readonly previous_product_variation_id?: string | null;
    readonly current_product_variation_ids?: readonly string[] | null;
    readonly future_product_variation_ids?: readonly string[] | null;
    readonly current_pv_count?: number | null;
    readonly future_pv_count?: number | null;
    readonly future_prescriptions_to_create?: Schemas['JsonValue'];
    readonly video_requested?: boolean | null;
    readonly reason?: string | null;
    readonly message_type?: string | null;
    readonly order_link?: string | null;
    readonly reminder_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly OrderQuestionnaireCompletedEvent: {
    readonly event_type: 'order_questionnaire_completed';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly order_status?: string | null;
    readonly case_status?: string | null;
    readonly case_id?: string | null;
    readonly ecommerce_order_id?: string | null;
    readonly journey_id?: string | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly subscription_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly order_tag?: string | null;
    readonly patient_conversation_id?: string | null;
    readonly channel_type?: string | null;
    readonly visit_type?: string | null;
    readonly visit_id?: string | null;
    readonly external_case_identifier?: string | null;
    readonly external_case_status?: string | null;
    readonly order_asset_id?: string | null;
    readonly unlocked_at?: string | null;
    readonly order_external_identifier?: string | null;
    readonly asset_link?: string | null;
    readonly titration_config_id?: string | null;
    readonly titration_direction?: string | null;
    readonly config_name?: string | null;
    readonly status_transition?: Schemas['JsonValue'];
    readonly questionnaire_id?: string | null;
    readonly location_id?: string | null;
    readonly previous_product_variation_id?: string | null;
    readonly current_product_variation_ids?: readonly string[] | null;
    readonly future_product_variation_ids?: readonly string[] | null;
    readonly current_pv_count?: number | null;
    readonly future_pv_count?: number | null;
    readonly future_prescriptions_to_create?: Schemas['JsonValue'];
    readonly video_requested?: boolean | null;
    readonly reason?: string | null;
    readonly message_type?: string | null;
    readonly order_link?: string | null;
    readonly reminder_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly OrderProductChangedEvent: {
    readonly event_type: 'order_product_changed';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly order_status?: string | null;
    readonly case_status?: string | null;
    readonly case_id?: string | null;
    readonly ecommerce_order_id?: string | null;
    readonly journey_id?: string | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly subscription_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly order_tag?: string | null;
    readonly patient_conversation_id?: string | null;
    readonly channel_type?: string | null;
    readonly visit_type?: string | null;
    readonly visit_id?: string | null;
    readonly external_case_identifier?: string | null;
    readonly external_case_status?: string | null;
    readonly order_asset_id?: string | null;
    readonly unlocked_at?: string | null;
    readonly order_external_identifier?: string | null;
    readonly asset_link?: string | null;
    readonly titration_config_id?: string | null;
    readonly titration_direction?: string | null;
    readonly config_name?: string | null;
    readonly status_transition?: Schemas['JsonValue'];
    readonly questionnaire_id?: string | null;
    readonly location_id?: string | null;
    readonly previous_product_variation_id?: string | null;
    readonly current_product_variation_ids?: readonly string[] | null;
    readonly future_product_variation_ids?: readonly string[] | null;
    readonly current_pv_count?: number | null;
    readonly future_pv_count?: number | null;
    readonly future_prescriptions_to_create?: Schemas['JsonValue'];
    readonly video_requested?: boolean | null;
    readonly reason?: string | null;
    readonly message_type?: string | null;
    readonly order_link?: string | null;
    readonly reminder_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly PrescriptionCreatedEvent: {
    readonly event_type: 'prescription_created';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly prescription_id?: string | null;
    readonly prescription_status?: string | null;
    readonly pharmacy_id?: string | null;
    readonly order_id?: string | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly visit_id?: string | null;
    readonly video_requested?: boolean | null;
    readonly reason?: string | null;
    readonly journey_id?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly instructions?: string | null;
  } & { readonly [key: string]: unknown };
  readonly PrescriptionApprovedEvent: {
    readonly event_type: 'prescription_approved';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly prescription_id?: string | null;
    readonly prescription_status?: string | null;
    readonly pharmacy_id?: string | null;
    readonly order_id?: string | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly visit_id?: string | null;
    readonly video_requested?: boolean | null;
    readonly reason?: string | null;
    readonly journey_id?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly instructions?: string | null;
  } & { readonly [key: string]: unknown };
  readonly PrescriptionDeniedEvent: {
    readonly event_type: 'prescription_denied';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly prescription_id?: string | null;
    readonly prescription_status?: string | null;
    readonly pharmacy_id?: string | null;
    readonly order_id?: string | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly visit_id?: string | null;
    readonly video_requested?: boolean | null;
    readonly reason?: string | null;
    readonly journey_id?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly instructions?: string | null;
  } & { readonly [key: string]: unknown };
  readonly PrescriptionSentToPharmacyEvent: {
    readonly event_type: 'prescription_sent_to_pharmacy';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly prescription_id?: string | null;
    readonly prescription_status?: string | null;
    readonly pharmacy_id?: string | null;
    readonly order_id?: string | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly visit_id?: string | null;
    readonly video_requested?: boolean | null;
    readonly reason?: string | null;
    readonly journey_id?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly instructions?: string | null;
  } & { readonly [key: string]: unknown };
  readonly PrescriptionRenewalRequestedEvent: {
    readonly event_type: 'prescription_renewal_requested';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly prescription_id?: string | null;
    readonly prescription_status?: string | null;
    readonly pharmacy_id?: string | null;
    readonly order_id?: string | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly visit_id?: string | null;
    readonly video_requested?: boolean | null;
    readonly reason?: string | null;
    readonly journey_id?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly instructions?: string | null;
  } & { readonly [key: string]: unknown };
  readonly PharmacyReceivedPrescriptionEvent: {
    readonly event_type: 'pharmacy_received_prescription';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly prescription_id?: string | null;
    readonly pharmacy_id?: string | null;
    readonly pharmacy_status?: string | null;
    readonly order_id?: string | null;
    readonly commerce_status?: string | null;
    readonly reason?: string | null;
    readonly journey_id?: string | null;
    readonly attribution?: Schemas['Attribution'];
  } & { readonly [key: string]: unknown };
  readonly PharmacyFilledPrescriptionEvent: {
    readonly event_type: 'pharmacy_filled_prescription';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly prescription_id?: string | null;
    readonly pharmacy_id?: string | null;
    readonly pharmacy_status?: string | null;
    readonly order_id?: string | null;
    readonly commerce_status?: string | null;
    readonly reason?: string | null;
    readonly journey_id?: string | null;
    readonly attribution?: Schemas['Attribution'];
  } & { readonly [key: string]: unknown };
  readonly PharmacyStatusChangedEvent: {
    readonly event_type: 'pharmacy_status_changed';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly prescription_id?: string | null;
    readonly pharmacy_id?: string | null;
    readonly pharmacy_status?: string | null;
    readonly order_id?: string | null;
    readonly commerce_status?: string | null;
    readonly reason?: string | null;
    readonly journey_id?: string | null;
    readonly attribution?: Schemas['Attribution'];
  } & { readonly [key: string]: unknown };
  readonly PharmacyRejectedPrescriptionEvent: {
    readonly event_type: 'pharmacy_rejected_prescription';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly prescription_id?: string | null;
    readonly pharmacy_id?: string | null;
    readonly pharmacy_status?: string | null;
    readonly order_id?: string | null;
    readonly commerce_status?: string | null;
    readonly reason?: string | null;
    readonly journey_id?: string | null;
    readonly attribution?: Schemas['Attribution'];
  } & { readonly [key: string]: unknown };
  readonly ShipmentCreatedEvent: {
    readonly event_type: 'shipment_created';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly prescription_id?: string | null;
    readonly shipment_status?: string | null;
    readonly commerce_status?: string | null;
    readonly tracking_number?: string | null;
    readonly tracking_url?: string | null;
    readonly shipping_carrier?: string | null;
    readonly journey_id?: string | null;
    readonly attribution?: Schemas['Attribution'];
  } & { readonly [key: string]: unknown };
  readonly ShipmentInTransitEvent: {
    readonly event_type: 'shipment_in_transit';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly prescription_id?: string | null;
    readonly shipment_status?: string | null;
    readonly commerce_status?: string | null;
    readonly tracking_number?: string | null;
    readonly tracking_url?: string | null;
    readonly shipping_carrier?: string | null;
    readonly journey_id?: string | null;
    readonly attribution?: Schemas['Attribution'];
  } & { readonly [key: string]: unknown };
  readonly ShipmentDeliveredEvent: {
    readonly event_type: 'shipment_delivered';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly prescription_id?: string | null;
    readonly shipment_status?: string | null;
    readonly commerce_status?: string | null;
    readonly tracking_number?: string | null;
    readonly tracking_url?: string | null;
    readonly shipping_carrier?: string | null;
    readonly journey_id?: string | null;
    readonly attribution?: Schemas['Attribution'];
  } & { readonly [key: string]: unknown };
  readonly ShipmentExceptionEvent: {
    readonly event_type: 'shipment_exception';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly prescription_id?: string | null;
    readonly shipment_status?: string | null;
    readonly commerce_status?: string | null;
    readonly tracking_number?: string | null;
    readonly tracking_url?: string | null;
    readonly shipping_carrier?: string | null;
    readonly journey_id?: string | null;
    readonly attribution?: Schemas['Attribution'];
  } & { readonly [key: string]: unknown };
  readonly PaymentSucceededEvent: {
    readonly event_type: 'payment_succeeded';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly payment_status?: string | null;
    readonly consultation_id?: string | null;
    readonly journey_id?: string | null;
    readonly attribution?: Schemas['Attribution'];
  } & { readonly [key: string]: unknown };
  readonly PaymentFailedEvent: {
    readonly event_type: 'payment_failed';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly payment_status?: string | null;
    readonly consultation_id?: string | null;
    readonly journey_id?: string | null;
    readonly attribution?: Schemas['Attribution'];
  } & { readonly [key: string]: unknown };
  readonly PaymentRefundedEvent: {
    readonly event_type: 'payment_refunded';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly payment_status?: string | null;
    readonly consultation_id?: string | null;
    readonly journey_id?: string | null;
    readonly attribution?: Schemas['Attribution'];
  } & { readonly [key: string]: unknown };
  readonly ConsultationPaymentSucceededEvent: {
    readonly event_type: 'consultation_payment_succeeded';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly order_id?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly payment_status?: string | null;
    readonly consultation_id?: string | null;
    readonly journey_id?: string | null;
    readonly attribution?: Schemas['Attribution'];
  } & { readonly [key: string]: unknown };
  readonly LabOrderCreatedEvent: {
    readonly event_type: 'lab_order_created';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly lab_order_id?: string | null;
    readonly lab_order_status?: string | null;
    readonly order_id?: string | null;
    readonly commerce_status?: string | null;
    readonly interpretation?: Schemas['JsonValue'];
    readonly lab_name?: string | null;
    readonly external_order_id?: string | null;
    readonly provider_order_status?: string | null;
    readonly reported_at?: string | null;
    readonly provider_event_type?: string | null;
    readonly latest_provider_event_status?: string | null;
    readonly journey_id?: string | null;
    readonly attribution?: Schemas['Attribution'];
  } & { readonly [key: string]: unknown };
  readonly LabOrderStatusChangedEvent: {
    readonly event_type: 'lab_order_status_changed';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly lab_order_id?: string | null;
    readonly lab_order_status?: string | null;
    readonly order_id?: string | null;
    readonly commerce_status?: string | null;
    readonly interpretation?: Schemas['JsonValue'];
    readonly lab_name?: string | null;
    readonly external_order_id?: string | null;
    readonly provider_order_status?: string | null;
    readonly reported_at?: string | null;
    readonly provider_event_type?: string | null;
    readonly latest_provider_event_status?: string | null;
    readonly journey_id?: string | null;
    readonly attribution?: Schemas['Attribution'];
  } & { readonly [key: string]: unknown };
  readonly LabResultsReceivedEvent: {
    readonly event_type: 'lab_results_received';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly lab_order_id?: string | null;
    readonly lab_order_status?: string | null;
    readonly order_id?: string | null;
    readonly commerce_status?: string | null;
    readonly interpretation?: Schemas['JsonValue'];
    readonly lab_name?: string | null;
    readonly external_order_id?: string | null;
    readonly provider_order_status?: string | null;
    readonly reported_at?: string | null;
    readonly provider_event_type?: string | null;
    readonly latest_provider_event_status?: string | null;
    readonly journey_id?: string | null;
    readonly attribution?: Schemas['Attribution'];
  } & { readonly [key: string]: unknown };
  readonly LabResultsInterpretedEvent: {
    readonly event_type: 'lab_results_interpreted';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly lab_order_id?: string | null;
    readonly lab_order_status?: string | null;
    readonly order_id?: string | null;
    readonly commerce_status?: string | null;
    readonly interpretation?: Schemas['JsonValue'];
    readonly lab_name?: string | null;
    readonly external_order_id?: string | null;
    readonly provider_order_status?: string | null;
    readonly reported_at?: string | null;
    readonly provider_event_type?: string | null;
    readonly latest_provider_event_status?: string | null;
    readonly journey_id?: string | null;
    readonly attribution?: Schemas['Attribution'];
  } & { readonly [key: string]: unknown };
  readonly SupportCaseCreatedEvent: {
    readonly event_type: 'support_case_created';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly support_case_id?: string | null;
    readonly support_case_status?: string | null;
    readonly support_case_name?: string | null;
    readonly support_case_category?: string | null;
    readonly order_id?: string | null;
    readonly external_case_identifier?: string | null;
    readonly external_case_status?: string | null;
    readonly external_case_url?: string | null;
  } & { readonly [key: string]: unknown };
  readonly SupportCaseStatusChangedEvent: {
    readonly event_type: 'support_case_status_changed';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly support_case_id?: string | null;
    readonly support_case_status?: string | null;
    readonly support_case_name?: string | null;
    readonly support_case_category?: string | null;
    readonly order_id?: string | null;
    readonly external_case_identifier?: string | null;
    readonly external_case_status?: string | null;
    readonly external_case_url?: string | null;
  } & { readonly [key: string]: unknown };
  readonly SupportCaseRepliedEvent: {
    readonly event_type: 'support_case_replied';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly support_case_id?: string | null;
    readonly support_case_status?: string | null;
    readonly support_case_name?: string | null;
    readonly support_case_category?: string | null;
    readonly order_id?: string | null;
    readonly external_case_identifier?: string | null;
    readonly external_case_status?: string | null;
    readonly external_case_url?: string | null;
  } & { readonly [key: string]: unknown };
  readonly JourneyStartedEvent: {
    readonly event_type: 'journey_started';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly journey_id?: string | null;
    readonly template_id?: string | null;
    readonly template_display_name?: string | null;
    readonly journey_type?: string | null;
    readonly ecommerce_order_id?: string | null;
    readonly started_at?: string | null;
    readonly completed_at?: string | null;
    readonly abandoned_at?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly products?: readonly Schemas['ProductLineItem'][] | null;
    readonly coupon_code?: string | null;
    readonly recovery_url?: string | null;
    readonly recovery_url_expires_at?: string | null;
    readonly recovery_status?: string | null;
    readonly recovery_missing_details?: Schemas['JsonValue'];
    readonly had_cart?: boolean | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly subscription_status?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly intake_form_id?: string | null;
    readonly intake_form_instance_id?: string | null;
    readonly intake_form_instance_ids?: readonly string[] | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly JourneyContactCapturedEvent: {
    readonly event_type: 'journey_contact_captured';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly journey_id?: string | null;
    readonly template_id?: string | null;
    readonly template_display_name?: string | null;
    readonly journey_type?: string | null;
    readonly ecommerce_order_id?: string | null;
    readonly started_at?: string | null;
    readonly completed_at?: string | null;
    readonly abandoned_at?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly products?: readonly Schemas['ProductLineItem'][] | null;
    readonly coupon_code?: string | null;
    readonly recovery_url?: string | null;
    readonly recovery_url_expires_at?: string | null;
    readonly recovery_status?: string | null;
    readonly recovery_missing_details?: Schemas['JsonValue'];
    readonly had_cart?: boolean | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly subscription_status?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly intake_form_id?: string | null;
    readonly intake_form_instance_id?: string | null;
    readonly intake_form_instance_ids?: readonly string[] | null;
  } & { readonly [key: string]: unknown };
  readonly JourneyCheckoutStartedEvent: {
    readonly event_type: 'journey_checkout_started';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly journey_id?: string | null;
    readonly template_id?: string | null;
    readonly template_display_name?: string | null;
    readonly journey_type?: string | null;
    readonly ecommerce_order_id?: string | null;
    readonly started_at?: string | null;
    readonly completed_at?: string | null;
    readonly abandoned_at?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly products?: readonly Schemas['ProductLineItem'][] | null;
    readonly coupon_code?: string | null;
    readonly recovery_url?: string | null;
    readonly recovery_url_expires_at?: string | null;
    readonly recovery_status?: string | null;
    readonly recovery_missing_details?: Schemas['JsonValue'];
    readonly had_cart?: boolean | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly subscription_status?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly intake_form_id?: string | null;
    readonly intake_form_instance_id?: string | null;
    readonly intake_form_instance_ids?: readonly string[] | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly JourneyCompletedEvent: {
    readonly event_type: 'journey_completed';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly journey_id?: string | null;
    readonly template_id?: string | null;
    readonly template_display_name?: string | null;
    readonly journey_type?: string | null;
    readonly ecommerce_order_id?: string | null;
    readonly started_at?: string | null;
    readonly completed_at?: string | null;
    readonly abandoned_at?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly products?: readonly Schemas['ProductLineItem'][] | null;
    readonly coupon_code?: string | null;
    readonly recovery_url?: string | null;
    readonly recovery_url_expires_at?: string | null;
    readonly recovery_status?: string | null;
    readonly recovery_missing_details?: Schemas['JsonValue'];
    readonly had_cart?: boolean | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly subscription_status?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly intake_form_id?: string | null;
    readonly intake_form_instance_id?: string | null;
    readonly intake_form_instance_ids?: readonly string[] | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly JourneyAbandonedEvent: {
    readonly event_type: 'journey_abandoned';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly journey_id?: string | null;
    readonly template_id?: string | null;
    readonly template_display_name?: string | null;
    readonly journey_type?: string | null;
    readonly ecommerce_order_id?: string | null;
    readonly started_at?: string | null;
    readonly completed_at?: string | null;
    readonly abandoned_at?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly products?: readonly Schemas['ProductLineItem'][] | null;
    readonly coupon_code?: string | null;
    readonly recovery_url?: string | null;
    readonly recovery_url_expires_at?: string | null;
    readonly recovery_status?: string | null;
    readonly recovery_missing_details?: Schemas['JsonValue'];
    readonly had_cart?: boolean | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly subscription_status?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly intake_form_id?: string | null;
    readonly intake_form_instance_id?: string | null;
    readonly intake_form_instance_ids?: readonly string[] | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly CustomIntakeFormCompletedEvent: {
    readonly event_type: 'custom_intake_form_completed';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly journey_id?: string | null;
    readonly template_id?: string | null;
    readonly template_display_name?: string | null;
    readonly journey_type?: string | null;
    readonly ecommerce_order_id?: string | null;
    readonly started_at?: string | null;
    readonly completed_at?: string | null;
    readonly abandoned_at?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly products?: readonly Schemas['ProductLineItem'][] | null;
    readonly coupon_code?: string | null;
    readonly recovery_url?: string | null;
    readonly recovery_url_expires_at?: string | null;
    readonly recovery_status?: string | null;
    readonly recovery_missing_details?: Schemas['JsonValue'];
    readonly had_cart?: boolean | null;
    readonly commerce_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly subscription_status?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly intake_form_id?: string | null;
    readonly intake_form_instance_id?: string | null;
    readonly intake_form_instance_ids?: readonly string[] | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly EcommerceOrderCreatedEvent: {
    readonly event_type: 'ecommerce_order_created';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly ecommerce_order_id?: string | null;
    readonly subscription_id?: string | null;
    readonly subscription_status?: string | null;
    readonly commerce_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly payment_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly journey_id?: string | null;
    readonly order_id?: string | null;
    readonly refund_amount_cents?: number | null;
    readonly refund_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly cycle_number?: number | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly EcommerceOrderPaidEvent: {
    readonly event_type: 'ecommerce_order_paid';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly ecommerce_order_id?: string | null;
    readonly subscription_id?: string | null;
    readonly subscription_status?: string | null;
    readonly commerce_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly payment_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly journey_id?: string | null;
    readonly order_id?: string | null;
    readonly refund_amount_cents?: number | null;
    readonly refund_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly cycle_number?: number | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly EcommerceOrderRefundedEvent: {
    readonly event_type: 'ecommerce_order_refunded';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly ecommerce_order_id?: string | null;
    readonly subscription_id?: string | null;
    readonly subscription_status?: string | null;
    readonly commerce_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly payment_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly journey_id?: string | null;
    readonly order_id?: string | null;
    readonly refund_amount_cents?: number | null;
    readonly refund_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly cycle_number?: number | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly EcommerceOrderCancelledEvent: {
    readonly event_type: 'ecommerce_order_cancelled';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly ecommerce_order_id?: string | null;
    readonly subscription_id?: string | null;
    readonly subscription_status?: string | null;
    readonly commerce_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly payment_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly journey_id?: string | null;
    readonly order_id?: string | null;
    readonly refund_amount_cents?: number | null;
    readonly refund_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly cycle_number?: number | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly SubscriptionCreatedEvent: {
    readonly event_type: 'subscription_created';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly ecommerce_order_id?: string | null;
    readonly subscription_id?: string | null;
    readonly subscription_status?: string | null;
    readonly commerce_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly payment_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly journey_id?: string | null;
    readonly order_id?: string | null;
    readonly refund_amount_cents?: number | null;
    readonly refund_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly cycle_number?: number | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly SubscriptionRenewedEvent: {
    readonly event_type: 'subscription_renewed';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly ecommerce_order_id?: string | null;
    readonly subscription_id?: string | null;
    readonly subscription_status?: string | null;
    readonly commerce_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly payment_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly journey_id?: string | null;
    readonly order_id?: string | null;
    readonly refund_amount_cents?: number | null;
    readonly refund_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly cycle_number?: number | null;
    readonly first_purchase: false;
  } & { readonly [key: string]: unknown };
  readonly SubscriptionPausedEvent: {
    readonly event_type: 'subscription_paused';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly ecommerce_order_id?: string | null;
    readonly subscription_id?: string | null;
    readonly subscription_status?: string | null;
    readonly commerce_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly payment_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly journey_id?: string | null;
    readonly order_id?: string | null;
    readonly refund_amount_cents?: number | null;
    readonly refund_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly cycle_number?: number | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly SubscriptionResumedEvent: {
    readonly event_type: 'subscription_resumed';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly ecommerce_order_id?: string | null;
    readonly subscription_id?: string | null;
    readonly subscription_status?: string | null;
    readonly commerce_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly payment_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly journey_id?: string | null;
    readonly order_id?: string | null;
    readonly refund_amount_cents?: number | null;
    readonly refund_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly cycle_number?: number | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly SubscriptionCancelledEvent: {
    readonly event_type: 'subscription_cancelled';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly ecommerce_order_id?: string | null;
    readonly subscription_id?: string | null;
    readonly subscription_status?: string | null;
    readonly commerce_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly payment_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly journey_id?: string | null;
    readonly order_id?: string | null;
    readonly refund_amount_cents?: number | null;
    readonly refund_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly cycle_number?: number | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly SubscriptionRenewalFailedEvent: {
    readonly event_type: 'subscription_renewal_failed';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
    readonly ecommerce_order_id?: string | null;
    readonly subscription_id?: string | null;
    readonly subscription_status?: string | null;
    readonly commerce_status?: string | null;
    readonly total_value_cents?: number | null;
    readonly currency?: string | null;
    readonly payment_status?: string | null;
    readonly product_variation_ids?: readonly string[] | null;
    readonly journey_id?: string | null;
    readonly order_id?: string | null;
    readonly refund_amount_cents?: number | null;
    readonly refund_type?: string | null;
    readonly attribution?: Schemas['Attribution'];
    readonly plan_type?: string | null;
    readonly cycle_number?: number | null;
    readonly first_purchase?: boolean | null;
  } & { readonly [key: string]: unknown };
  readonly PatientEnrolledEvent: {
    readonly event_type: 'patient_enrolled';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
  } & { readonly [key: string]: unknown };
  readonly PatientUpdatedEvent: {
    readonly event_type: 'patient_updated';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
  } & { readonly [key: string]: unknown };
  readonly PatientConsentChangedEvent: {
    readonly event_type: 'patient_consent_changed';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
  } & { readonly [key: string]: unknown };
  readonly PatientExternalIdLinkedEvent: {
    readonly event_type: 'patient_external_id_linked';
    readonly event_id: string;
    readonly api_version: string;
    readonly timestamp: string;
    readonly timestamp_epoch: number;
    readonly affiliate_id: string;
    readonly example?: boolean;
    readonly patient_marketing_consent: boolean;
    readonly is_returning_patient: boolean;
    readonly patient_id?: string;
    readonly patient_external_id?: string;
  } & { readonly [key: string]: unknown };
  readonly Attribution: {
    readonly first?: Schemas['AttributionTouch'];
    readonly last?: Schemas['AttributionTouch'];
    readonly touch_count?: number;
    readonly visitor_id?: string;
  };
  readonly AttributionTouch: {
    readonly captured_at: string;
    readonly landing_url?: string;
    readonly referrer_url?: string;
    readonly params?: { readonly [key: string]: string };
  };
  /** Any JSON value. */
  readonly JsonValue: unknown;
  readonly ProductLineItem: {
    readonly product_variation_id: string;
    readonly quantity: number;
    readonly unit_price_cents: number;
    readonly is_addon: boolean;
  };
}

/** Every operation of the API by its operationId: parameters, body and the answer's `data`. */
export interface Operations {
  /** Add a card (attached to the billing profile's customer) or a US bank account (already attached by the setup-intent flow) to the billing profile. */
  readonly addPaymentMethod: {
    readonly method: 'POST';
    readonly path: '/v2/affiliatePaymentMethods';
    readonly params: {};
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: {
      /** The processor's payment-method id (prefix pm_). */
      readonly paymentMethodId: string;
      /** 'us_bank_account' for a bank account; omit or 'card' for a card. */
      readonly paymentMethodType?: 'card' | 'us_bank_account';
    };
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly paymentMethodId: string;
      readonly billingProfileId: string;
      readonly paymentMethodDetails:
        | {
            readonly type: 'card';
            readonly last4: string;
            readonly isDefault: boolean;
            readonly name?: string;
            readonly cardBrand: string;
            readonly expMonth: number;
            readonly expYear: number;
            readonly postalCode?: string;
          }
        | {
            readonly type: 'us_bank_account';
            readonly last4: string;
            readonly isDefault: boolean;
            readonly name?: string;
            readonly bankName?: string;
            readonly accountType?: 'checking' | 'savings';
          };
    };
  };
  /** Attach a file to a case. */
  readonly attachFileToCase: {
    readonly method: 'POST';
    readonly path: '/v2/cases/{id}/actions/attachment';
    readonly params: {
      readonly id: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly attachments: readonly ({
        readonly filename: string;
      } & { readonly [key: string]: unknown })[];
    };
  };
  /** Probe a URL before saving it; nothing is stored. */
  readonly checkUrlHealth: {
    readonly method: 'POST';
    readonly path: '/v2/webhooks/actions/checkHealth';
    readonly params: {};
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: {
      readonly url: string;
    };
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly reachable: boolean;
      readonly statusCode: number;
      readonly latencyMs: number;
      readonly checkedAt: string;
      readonly url: string;
      readonly reason?: string;
      readonly detail?: string;
      readonly persisted: boolean;
    };
  };
  /** Probe the webhook's saved URL, or an override URL, and record the result on the webhook. */
  readonly checkWebhookHealth: {
    readonly method: 'POST';
    readonly path: '/v2/webhooks/{webhook}/actions/checkHealth';
    readonly params: {
      readonly webhook: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: {
      readonly url?: string;
    };
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly reachable: boolean;
      readonly statusCode: number;
      readonly latencyMs: number;
      readonly checkedAt: string;
      readonly url: string;
      readonly reason?: string;
      readonly detail?: string;
      readonly persisted: boolean;
    };
  };
  /** Start the bank-account flow: a us_bank_account SetupIntent (Financial Connections) on the billing profile's customer. */
  readonly createAchSetupIntent: {
    readonly method: 'POST';
    readonly path: '/ach-setup-intent';
    readonly params: {};
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly setupIntentId: string;
      readonly clientSecret: string;
      readonly status: string;
    };
  };
  /** Create a support case about an order; order and patient variables fill field defaults. */
  readonly createOrderCase: {
    readonly method: 'POST';
    readonly path: '/v2/cases';
    readonly params: {};
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: {
      readonly orderId: string;
      readonly requestTypeId: string;
      readonly fields?: { readonly [key: string]: unknown };
      readonly requestFieldValues?: { readonly [key: string]: unknown };
    };
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly requestTypeId: string;
      readonly name: string;
      readonly category: string;
      readonly orderId?: string;
      readonly status: 'open' | 'in_progress' | 'resolved';
      readonly externalCaseIdentifier: string;
      readonly externalIssueId: string;
      readonly externalCaseStatus: string;
      readonly externalCaseStatusCategory: 'NEW' | 'INDETERMINATE' | 'DONE' | 'UNDEFINED';
      readonly externalCaseUrl?: string;
      readonly createdAt: string;
      readonly updatedAt: string;
    };
  };
  /** Create a general support case not tied to an order (docs/api.md §4.1). */
  readonly createTicket: {
    readonly method: 'POST';
    readonly path: '/v2/cases/actions/create-ticket';
    readonly params: {};
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: {
      readonly requestTypeId: string;
      readonly fields?: { readonly [key: string]: unknown };
      readonly requestFieldValues?: { readonly [key: string]: unknown };
    };
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly requestTypeId: string;
      readonly name: string;
      readonly category: string;
      readonly orderId?: string;
      readonly status: 'open' | 'in_progress' | 'resolved';
      readonly externalCaseIdentifier: string;
      readonly externalIssueId: string;
      readonly externalCaseStatus: string;
      readonly externalCaseStatusCategory: 'NEW' | 'INDETERMINATE' | 'DONE' | 'UNDEFINED';
      readonly externalCaseUrl?: string;
      readonly createdAt: string;
      readonly updatedAt: string;
    };
  };
  /** Create a webhook (payload version v2; credentials returned once when authentication is on). */
  readonly createWebhook: {
    readonly method: 'POST';
    readonly path: '/v2/webhooks';
    readonly params: {};
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: {
      readonly name: string;
      readonly url: string;
      readonly authentication?: boolean;
      readonly webhookInterests?: readonly string[];
      /** Custom request headers, name to value (docs/api.md §11.6); on update `null` removes one and names left out keep their value, unless `url` changes: then only those sent with it are kept. */
      readonly headers?: { readonly [key: string]: string | null };
      /** A payload filter (docs/api.md §11.7): field paths to values or operator objects ($eq, $neq, $gt, $gte, $lt, $lte, $in, $nin, $exists), combined with $and, $or and $not; on update `null` removes it. */
      readonly filter?: { readonly [key: string]: unknown } | null;
      readonly rateLimit?: number | null;
      readonly ordering?: 'none' | 'entity';
      readonly retrySchedule?: {
        /** The delay before each retry; N delays give N + 1 attempts. */
        readonly delaysMs?: readonly number[];
        readonly exponential?: {
          readonly firstMs: number;
          /** Each delay is the one before times this. Default 2. */
          readonly factor?: number;
          /** No delay is longer. */
          readonly maxMs: number;
          readonly retries: number;
        };
      } | null;
    };
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly name: string;
      readonly url: string;
      readonly authentication: boolean;
      readonly webhookInterests: readonly string[];
      readonly status: 'enabled' | 'disabled';
      readonly isEnabled: boolean;
      readonly payloadVersion: 'v1' | 'v2';
      /** Whether deliveries also carry the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) beside X-Webhook-Signature, so a stock Standard Webhooks or Svix library verifies them with the same secret. False with authentication off, on v1 payloads, and while the secret was issued before the standard format: rotating the secret turns them on. */
      readonly standardWebhooks: boolean;
      readonly createdAt: string;
      readonly updatedAt: string;
      readonly lastHealthCheck?: {
        readonly reachable: boolean;
        readonly statusCode: number;
        readonly latencyMs: number;
        readonly checkedAt: string;
        readonly url: string;
        readonly reason?: string;
        readonly detail?: string;
      };
      readonly circuitBreaker?: {
        readonly state: 'closed' | 'open' | 'half_open';
        readonly consecutiveFailures: number;
        readonly openedAt?: string;
        readonly retryAt?: string;
      };
      readonly disabledReason?: 'gone' | 'failing' | 'manual';
      readonly disabledAt?: string;
      readonly credentials?: {
        readonly secret: string;
      };
      readonly signingKeys?: readonly {
        readonly kid: string;
        readonly publicKey: string;
        readonly createdAt: string;
        readonly expiresAt?: string;
      }[];
      readonly oauth?: {
        readonly tokenUrl: string;
        readonly clientId: string;
        readonly scope?: string;
      };
      readonly clientCertificate?: {
        readonly certificate: string;
        readonly ca?: string;
      };
      /** Custom request headers sent on every request to the webhook; values are never shown. */
      readonly headers?: { readonly [key: string]: '********' };
      /** Only events whose v2 payload matches are delivered (docs/api.md §11.7). */
      readonly filter?: { readonly [key: string]: unknown };
      /** Deliveries a second at most, across every worker. */
      readonly rateLimit?: number;
      /** `entity`: the deliveries about one entity go one at a time, in the order their events were recorded. */
      readonly ordering: 'none' | 'entity';
      /** The endpoint's own retry schedule (docs/api.md §11.11); absent: the host's. */
      readonly retrySchedule?: {
        /** The delay before each retry, in ms. */
        readonly delaysMs?: readonly number[];
        /** Delays growing by `factor` from `firstMs`, none longer than `maxMs`, `retries` of them. */
        readonly exponential?: {
          readonly firstMs: number;
          readonly factor: number;
          readonly maxMs: number;
          readonly retries: number;
        };
      };
    };
  };
  /** Delete a webhook and its secrets. */
  readonly deleteWebhook: {
    readonly method: 'DELETE';
    readonly path: '/v2/webhooks/{id}';
    readonly params: {
      readonly id: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly deleted: true;
    };
  };
  /** Read a support case, its status refreshed from the case system when it answers. */
  readonly getCase: {
    readonly method: 'GET';
    readonly path: '/v2/cases/{id}';
    readonly params: {
      readonly id: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly requestTypeId: string;
      readonly name: string;
      readonly category: string;
      readonly orderId?: string;
      readonly status: 'open' | 'in_progress' | 'resolved';
      readonly externalCaseIdentifier: string;
      readonly externalIssueId: string;
      readonly externalCaseStatus: string;
      readonly externalCaseStatusCategory: 'NEW' | 'INDETERMINATE' | 'DONE' | 'UNDEFINED';
      readonly externalCaseUrl?: string;
      readonly createdAt: string;
      readonly updatedAt: string;
    };
  };
  /** Coupon usage and discount impact: uses and negative revenue impact per coupon, with order counts; export=true or 1 answers a CSV attachment (columns Coupon, Discount Display, Discount Amount, Discount Type, Uses, Revenue Impact) of every row. */
  readonly getCouponsUsedOnOrders: {
    readonly method: 'GET';
    readonly path: '/v2/ecommerceReports/coupons/used-on-orders';
    readonly params: {};
    readonly query: {
      readonly dateRange?:
        | 'today'
        | 'yesterday'
        | 'last_7_days'
        | 'last_30_days'
        | 'last_90_days'
        | 'month_to_date'
        | 'last_month'
        | 'quarter_to_date'
        | 'year_to_date'
        | 'custom';
      readonly startDate?: string;
      readonly endDate?: string;
      readonly productVariationId?: string;
      readonly campaignId?: string;
      readonly page?: string;
      readonly limit?: string;
      readonly sortBy?: 'uses' | 'revenueImpact' | 'coupon';
      readonly sortOrder?: 'asc' | 'desc';
      readonly export?: '0' | '1' | 'true' | 'false';
    };
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly range: {
        readonly startDate: string;
        readonly endDate: string;
        readonly preset:
          | 'today'
          | 'yesterday'
          | 'last_7_days'
          | 'last_30_days'
          | 'last_90_days'
          | 'month_to_date'
          | 'last_month'
          | 'quarter_to_date'
          | 'year_to_date'
          | 'custom';
      };
      readonly summary: {
        readonly ordersWithCoupon: number;
        readonly totalOrders: number;
        readonly ordersWithCouponPct: number;
        readonly totalDiscounted: number;
      };
      readonly items: readonly {
        readonly coupon: string;
        readonly discount: {
          readonly amount: number;
          readonly type: 'percent' | 'fixed';
          readonly display: string;
        };
        readonly uses: number;
        readonly revenueImpact: number;
      }[];
      readonly pagination: {
        readonly page: number;
        readonly limit: number;
        readonly total: number;
        readonly totalPages: number;
      };
    };
  };
  /** One delivery, the request its endpoint is sent (signature and custom header values hidden), and its attempts with their answers, oldest first. */
  readonly getDelivery: {
    readonly method: 'GET';
    readonly path: '/v2/deliveries/{deliveryId}';
    readonly params: {
      readonly deliveryId: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly delivery: {
        readonly id: string;
        readonly webhookId: string;
        readonly eventId: string;
        readonly eventType: string;
        readonly status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
        readonly attempts: number;
        readonly nextAttemptAt?: string;
        readonly lastAttemptAt?: string;
        readonly lastStatusCode?: number;
        readonly createdAt: string;
      };
      /** Absent when the webhook no longer exists. */
      readonly request?: {
        /** The endpoint's current URL. */
        readonly url: string;
        readonly method: 'POST';
        readonly payloadVersion: 'v1' | 'v2';
        /** The request headers; signature values read "(elided)", custom header values "********". */
        readonly headers: { readonly [key: string]: string };
        /** The body, built as for the last attempt (or now when none was made) in the webhook's payload version. */
        readonly payload: { readonly [key: string]: unknown };
      };
      /** The retry schedule in force for the delivery; absent when the webhook no longer exists. */
      readonly retrySchedule?: {
        /** The endpoint's own, the host's for the event type, or the service's (the default unless the host set one). */
        readonly source: 'endpoint' | 'event_type' | 'service';
        /** The delay before each retry, in ms (±20 % jitter when sent). */
        readonly delaysMs: readonly number[];
        /** Attempts in all: one more than the delays. */
        readonly maxAttempts: number;
      };
      /** Oldest first; at most the newest 100, numbered as they were made. */
      readonly attempts: readonly {
        readonly id: string;
        readonly deliveryId: string;
        readonly eventId: string;
        readonly eventType: string;
        readonly attempt: number;
        readonly attemptedAt: string;
        readonly payloadVersion: 'v1' | 'v2';
        readonly succeeded: boolean;
        readonly statusCode?: number;
        readonly latencyMs: number;
        readonly responseBody?: string;
        readonly error?: string;
      }[];
    };
  };
  /** One event as the v2 payload a receiver gets, with where its delivery to each webhook stands. */
  readonly getEvent: {
    readonly method: 'GET';
    readonly path: '/v2/events/{eventId}';
    readonly params: {
      readonly eventId: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly event: Schemas['WebhookEvent'];
      readonly deliveries: readonly {
        readonly webhookId: string;
        readonly deliveryId: string;
        readonly status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
        readonly attempts: number;
        readonly nextAttemptAt?: string;
        readonly lastAttemptAt?: string;
        readonly lastStatusCode?: number;
      }[];
      /** Ids of subscribed webhooks whose filter the event did not match, so they were not sent it. */
      readonly filteredOut: readonly string[];
    };
  };
  /** The event dictionary: 60 events with category, description and emitting operation (legacy prefix). */
  readonly getEventDictionary: {
    readonly method: 'GET';
    readonly path: '/webhooks/actions/getDictionary';
    readonly params: {};
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: readonly {
      readonly name: string;
      readonly category: string;
      readonly description: string;
      readonly emittedBy: string;
      readonly visibility: 'public' | 'internal';
      readonly implemented: boolean;
      readonly subscribable: boolean;
    }[];
  };
  /** The example payloads (v2 and v1) of one subscribable event type; nothing is sent. */
  readonly getEventTypeExample: {
    readonly method: 'GET';
    readonly path: '/v2/webhooks/eventTypes/{type}/example';
    readonly params: {
      readonly type: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly eventType: string;
      readonly category: string;
      readonly v2: { readonly [key: string]: unknown };
      readonly v1: { readonly [key: string]: unknown };
    };
  };
  /** Read a journey with its attribution and, once an order exists, its ecommerce_order_id. */
  readonly getJourney: {
    readonly method: 'GET';
    readonly path: '/v2/journeys/{id}';
    readonly params: {
      readonly id: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly template_id: string;
      readonly template_slug: string;
      readonly status: 'started' | 'contact_captured' | 'checkout_started' | 'completed' | 'abandoned';
      readonly started_at: string;
      readonly completed_at?: string;
      readonly abandoned_at?: string;
      readonly ecommerce_order_id?: string;
      readonly campaignId?: string;
      readonly attribution?: {
        readonly first: {
          readonly captured_at: string;
          readonly landing_url?: string;
          readonly referrer_url?: string;
          readonly params: { readonly [key: string]: string };
        };
        readonly last: {
          readonly captured_at: string;
          readonly landing_url?: string;
          readonly referrer_url?: string;
          readonly params: { readonly [key: string]: string };
        };
        readonly touch_count: number;
        readonly visitor_id?: string;
      };
    };
  };
  /** Read the renewal view of a subscription. */
  readonly getSubscription: {
    readonly method: 'GET';
    readonly path: '/v2/ecommerceSubscriptions/{id}';
    readonly params: {
      readonly id: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly nextBillingDate: string;
      readonly endDate?: string;
    };
  };
  /** Read one webhook. */
  readonly getWebhook: {
    readonly method: 'GET';
    readonly path: '/v2/webhooks/{id}';
    readonly params: {
      readonly id: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly name: string;
      readonly url: string;
      readonly authentication: boolean;
      readonly webhookInterests: readonly string[];
      readonly status: 'enabled' | 'disabled';
      readonly isEnabled: boolean;
      readonly payloadVersion: 'v1' | 'v2';
      /** Whether deliveries also carry the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) beside X-Webhook-Signature, so a stock Standard Webhooks or Svix library verifies them with the same secret. False with authentication off, on v1 payloads, and while the secret was issued before the standard format: rotating the secret turns them on. */
      readonly standardWebhooks: boolean;
      readonly createdAt: string;
      readonly updatedAt: string;
      readonly lastHealthCheck?: {
        readonly reachable: boolean;
        readonly statusCode: number;
        readonly latencyMs: number;
        readonly checkedAt: string;
        readonly url: string;
        readonly reason?: string;
        readonly detail?: string;
      };
      readonly circuitBreaker?: {
        readonly state: 'closed' | 'open' | 'half_open';
        readonly consecutiveFailures: number;
        readonly openedAt?: string;
        readonly retryAt?: string;
      };
      readonly disabledReason?: 'gone' | 'failing' | 'manual';
      readonly disabledAt?: string;
      readonly signingKeys?: readonly {
        readonly kid: string;
        readonly publicKey: string;
        readonly createdAt: string;
        readonly expiresAt?: string;
      }[];
      readonly oauth?: {
        readonly tokenUrl: string;
        readonly clientId: string;
        readonly scope?: string;
      };
      readonly clientCertificate?: {
        readonly certificate: string;
        readonly ca?: string;
      };
      /** Custom request headers sent on every request to the webhook; values are never shown. */
      readonly headers?: { readonly [key: string]: '********' };
      /** Only events whose v2 payload matches are delivered (docs/api.md §11.7). */
      readonly filter?: { readonly [key: string]: unknown };
      /** Deliveries a second at most, across every worker. */
      readonly rateLimit?: number;
      /** `entity`: the deliveries about one entity go one at a time, in the order their events were recorded. */
      readonly ordering: 'none' | 'entity';
      /** The endpoint's own retry schedule (docs/api.md §11.11); absent: the host's. */
      readonly retrySchedule?: {
        /** The delay before each retry, in ms. */
        readonly delaysMs?: readonly number[];
        /** Delays growing by `factor` from `firstMs`, none longer than `maxMs`, `retries` of them. */
        readonly exponential?: {
          readonly firstMs: number;
          readonly factor: number;
          readonly maxMs: number;
          readonly retries: number;
        };
      };
    };
  };
  /** The public keys of the affiliate's v1a signatures, as a JWKS document (public, cacheable). */
  readonly getWebhookJwks: {
    readonly method: 'GET';
    readonly path: '/v2/affiliates/{affiliateId}/jwks.json';
    readonly params: {
      readonly affiliateId: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly keys: readonly {
        readonly kty: 'OKP';
        readonly crv: 'Ed25519';
        readonly x: string;
        readonly kid: string;
        readonly alg: 'EdDSA';
        readonly use: 'sig';
      }[];
    };
  };
  /** A webhook's attempts hour by hour (the current hour last), with the success rate and a health status for a badge. */
  readonly getWebhookStats: {
    readonly method: 'GET';
    readonly path: '/v2/webhooks/{id}/stats';
    readonly params: {
      readonly id: string;
    };
    readonly query: {
      readonly hours?: number;
    };
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly webhookId: string;
      readonly from: string;
      readonly to: string;
      readonly hours: readonly {
        readonly hour: string;
        readonly succeeded: number;
        readonly failed: number;
      }[];
      readonly succeeded: number;
      readonly failed: number;
      readonly successRate: number | null;
      readonly health: {
        readonly status: 'healthy' | 'failing' | 'breaker_open' | 'disabled' | 'idle';
        readonly since?: string;
        readonly until?: string;
        readonly reason?: 'gone' | 'failing' | 'manual';
      };
    };
  };
  /** Liveness: 200 whenever the process serves requests (no storage call). */
  readonly healthLive: {
    readonly method: 'GET';
    readonly path: '/health/live';
    readonly params: {};
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly status: 'ok';
    };
  };
  /** Readiness: storage reachable, migrations applied, outbox backlog and workers of this process. 503 when down. */
  readonly healthReady: {
    readonly method: 'GET';
    readonly path: '/health/ready';
    readonly params: {};
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly status: 'ok' | 'degraded' | 'down';
      readonly checkedAt: string;
      readonly reasons: readonly string[];
      readonly storage: {
        readonly reachable: boolean;
        readonly latencyMs: number;
      };
      readonly migrations?: {
        readonly missing: readonly number[];
        readonly unknown: readonly number[];
      };
      readonly outbox?: {
        readonly pending: number;
        readonly due: number;
        readonly oldestDueAgeMs?: number;
      };
      readonly workers: {
        readonly running: number;
        readonly stale: number;
        readonly oldestLoopAgeMs?: number;
      };
    };
  };
  /** The case system's request types, each with whether this affiliate synced it. */
  readonly listCaseRequestTypes: {
    readonly method: 'GET';
    readonly path: '/v2/tracker-apis/request-types';
    readonly params: {};
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: readonly {
      readonly externalCaseTypeIdentifier: string;
      readonly name: string;
      readonly description?: string;
      readonly helpText?: string;
      readonly synced: boolean;
      readonly syncedAt?: string;
      readonly syncedFieldCount?: number;
    }[];
  };
  /** The affiliate's deliveries (one event to one webhook each), newest first, filtered by webhook, state, event type and creation time. Page down with startingAfter, up with endingBefore. */
  readonly listDeliveries: {
    readonly method: 'GET';
    readonly path: '/v2/deliveries';
    readonly params: {};
    readonly query: {
      readonly limit?: number;
      readonly startingAfter?: string;
      readonly endingBefore?: string;
      readonly webhookId?: string;
      readonly status?: string;
      readonly types?: string;
      readonly createdGte?: string;
      readonly createdLt?: string;
    };
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly deliveries: readonly {
        readonly id: string;
        readonly webhookId: string;
        readonly eventId: string;
        readonly eventType: string;
        readonly status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
        readonly attempts: number;
        readonly nextAttemptAt?: string;
        readonly lastAttemptAt?: string;
        readonly lastStatusCode?: number;
        readonly createdAt: string;
      }[];
      readonly hasMore: boolean;
    };
  };
  /** The affiliate's events, newest first, each the v2 payload a receiver gets (timestamp: when it occurred), whether or not a webhook subscribed. Page down with startingAfter, up with endingBefore. */
  readonly listEvents: {
    readonly method: 'GET';
    readonly path: '/v2/events';
    readonly params: {};
    readonly query: {
      readonly limit?: number;
      readonly startingAfter?: string;
      readonly endingBefore?: string;
      readonly types?: string;
      readonly createdGte?: string;
      readonly createdLt?: string;
      readonly webhookId?: string;
    };
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly events: readonly Schemas['WebhookEvent'][];
      readonly hasMore: boolean;
    };
  };
  /** List the billing profile's payment methods, oldest first. */
  readonly listPaymentMethods: {
    readonly method: 'GET';
    readonly path: '/v2/affiliatePaymentMethods';
    readonly params: {};
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: readonly {
      readonly paymentMethodId: string;
      readonly billingProfileId: string;
      readonly paymentMethodDetails:
        | {
            readonly type: 'card';
            readonly last4: string;
            readonly isDefault: boolean;
            readonly name?: string;
            readonly cardBrand: string;
            readonly expMonth: number;
            readonly expYear: number;
            readonly postalCode?: string;
          }
        | {
            readonly type: 'us_bank_account';
            readonly last4: string;
            readonly isDefault: boolean;
            readonly name?: string;
            readonly bankName?: string;
            readonly accountType?: 'checking' | 'savings';
          };
    }[];
  };
  /** A webhook's delivery attempt log, newest first (status, latency, first 4 KiB of each answer). */
  readonly listWebhookDeliveryAttempts: {
    readonly method: 'GET';
    readonly path: '/v2/webhooks/{id}/deliveries';
    readonly params: {
      readonly id: string;
    };
    readonly query: {
      readonly page?: number;
      readonly limit?: number;
    };
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly items: readonly {
        readonly id: string;
        readonly deliveryId: string;
        readonly eventId: string;
        readonly eventType: string;
        readonly attempt: number;
        readonly attemptedAt: string;
        readonly payloadVersion: 'v1' | 'v2';
        readonly succeeded: boolean;
        readonly statusCode?: number;
        readonly latencyMs: number;
        readonly responseBody?: string;
        readonly error?: string;
      }[];
      readonly pagination: {
        readonly page: number;
        readonly limit: number;
        readonly total: number;
        readonly totalPages: number;
      };
    };
  };
  /** A webhook's recent operational events, newest first: failing, disabled, enabled, recovered, deliveries exhausted, secrets rotated or expiring. */
  readonly listWebhookOperationalEvents: {
    readonly method: 'GET';
    readonly path: '/v2/webhooks/{id}/operationalEvents';
    readonly params: {
      readonly id: string;
    };
    readonly query: {
      readonly limit?: number;
    };
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly webhookId: string;
      readonly items: readonly {
        readonly id: string;
        readonly type:
          | 'endpoint.failing'
          | 'endpoint.disabled'
          | 'endpoint.enabled'
          | 'endpoint.recovered'
          | 'delivery.exhausted'
          | 'secret.rotated'
          | 'secret.expiring';
        readonly at: string;
        /** The fields of its type (docs/api.md §11.12) but `affiliateId`, `webhookId` and `at`. */
        readonly details: { readonly [key: string]: unknown };
      }[];
    };
  };
  /** List the affiliate's webhooks, oldest first. */
  readonly listWebhooks: {
    readonly method: 'GET';
    readonly path: '/v2/webhooks';
    readonly params: {};
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: readonly {
      readonly id: string;
      readonly name: string;
      readonly url: string;
      readonly authentication: boolean;
      readonly webhookInterests: readonly string[];
      readonly status: 'enabled' | 'disabled';
      readonly isEnabled: boolean;
      readonly payloadVersion: 'v1' | 'v2';
      /** Whether deliveries also carry the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) beside X-Webhook-Signature, so a stock Standard Webhooks or Svix library verifies them with the same secret. False with authentication off, on v1 payloads, and while the secret was issued before the standard format: rotating the secret turns them on. */
      readonly standardWebhooks: boolean;
      readonly createdAt: string;
      readonly updatedAt: string;
      readonly lastHealthCheck?: {
        readonly reachable: boolean;
        readonly statusCode: number;
        readonly latencyMs: number;
        readonly checkedAt: string;
        readonly url: string;
        readonly reason?: string;
        readonly detail?: string;
      };
      readonly circuitBreaker?: {
        readonly state: 'closed' | 'open' | 'half_open';
        readonly consecutiveFailures: number;
        readonly openedAt?: string;
        readonly retryAt?: string;
      };
      readonly disabledReason?: 'gone' | 'failing' | 'manual';
      readonly disabledAt?: string;
      readonly signingKeys?: readonly {
        readonly kid: string;
        readonly publicKey: string;
        readonly createdAt: string;
        readonly expiresAt?: string;
      }[];
      readonly oauth?: {
        readonly tokenUrl: string;
        readonly clientId: string;
        readonly scope?: string;
      };
      readonly clientCertificate?: {
        readonly certificate: string;
        readonly ca?: string;
      };
      /** Custom request headers sent on every request to the webhook; values are never shown. */
      readonly headers?: { readonly [key: string]: '********' };
      /** Only events whose v2 payload matches are delivered (docs/api.md §11.7). */
      readonly filter?: { readonly [key: string]: unknown };
      /** Deliveries a second at most, across every worker. */
      readonly rateLimit?: number;
      /** `entity`: the deliveries about one entity go one at a time, in the order their events were recorded. */
      readonly ordering: 'none' | 'entity';
      /** The endpoint's own retry schedule (docs/api.md §11.11); absent: the host's. */
      readonly retrySchedule?: {
        /** The delay before each retry, in ms. */
        readonly delaysMs?: readonly number[];
        /** Delays growing by `factor` from `firstMs`, none longer than `maxMs`, `retries` of them. */
        readonly exponential?: {
          readonly firstMs: number;
          readonly factor: number;
          readonly maxMs: number;
          readonly retries: number;
        };
      };
    }[];
  };
  /** After an outage: re-queue the failed deliveries whose last attempt is in [since, until), with fresh attempts (up to 10,000 a call; repeat while hasMore). */
  readonly recoverWebhookDeliveries: {
    readonly method: 'POST';
    readonly path: '/v2/webhooks/{id}/actions/recover';
    readonly params: {
      readonly id: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: {
      readonly since: string;
      readonly until?: string;
    };
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly recovered: number;
      readonly hasMore: boolean;
    };
  };
  /** Stop presenting a client certificate. */
  readonly removeWebhookClientCertificate: {
    readonly method: 'DELETE';
    readonly path: '/v2/webhooks/{id}/clientCertificate';
    readonly params: {
      readonly id: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly name: string;
      readonly url: string;
      readonly authentication: boolean;
      readonly webhookInterests: readonly string[];
      readonly status: 'enabled' | 'disabled';
      readonly isEnabled: boolean;
      readonly payloadVersion: 'v1' | 'v2';
      /** Whether deliveries also carry the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) beside X-Webhook-Signature, so a stock Standard Webhooks or Svix library verifies them with the same secret. False with authentication off, on v1 payloads, and while the secret was issued before the standard format: rotating the secret turns them on. */
      readonly standardWebhooks: boolean;
      readonly createdAt: string;
      readonly updatedAt: string;
      readonly lastHealthCheck?: {
        readonly reachable: boolean;
        readonly statusCode: number;
        readonly latencyMs: number;
        readonly checkedAt: string;
        readonly url: string;
        readonly reason?: string;
        readonly detail?: string;
      };
      readonly circuitBreaker?: {
        readonly state: 'closed' | 'open' | 'half_open';
        readonly consecutiveFailures: number;
        readonly openedAt?: string;
        readonly retryAt?: string;
      };
      readonly disabledReason?: 'gone' | 'failing' | 'manual';
      readonly disabledAt?: string;
      readonly signingKeys?: readonly {
        readonly kid: string;
        readonly publicKey: string;
        readonly createdAt: string;
        readonly expiresAt?: string;
      }[];
      readonly oauth?: {
        readonly tokenUrl: string;
        readonly clientId: string;
        readonly scope?: string;
      };
      readonly clientCertificate?: {
        readonly certificate: string;
        readonly ca?: string;
      };
      /** Custom request headers sent on every request to the webhook; values are never shown. */
      readonly headers?: { readonly [key: string]: '********' };
      /** Only events whose v2 payload matches are delivered (docs/api.md §11.7). */
      readonly filter?: { readonly [key: string]: unknown };
      /** Deliveries a second at most, across every worker. */
      readonly rateLimit?: number;
      /** `entity`: the deliveries about one entity go one at a time, in the order their events were recorded. */
      readonly ordering: 'none' | 'entity';
      /** The endpoint's own retry schedule (docs/api.md §11.11); absent: the host's. */
      readonly retrySchedule?: {
        /** The delay before each retry, in ms. */
        readonly delaysMs?: readonly number[];
        /** Delays growing by `factor` from `firstMs`, none longer than `maxMs`, `retries` of them. */
        readonly exponential?: {
          readonly firstMs: number;
          readonly factor: number;
          readonly maxMs: number;
          readonly retries: number;
        };
      };
    };
  };
  /** Send deliveries without a bearer token again. */
  readonly removeWebhookOAuth: {
    readonly method: 'DELETE';
    readonly path: '/v2/webhooks/{id}/oauth';
    readonly params: {
      readonly id: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly name: string;
      readonly url: string;
      readonly authentication: boolean;
      readonly webhookInterests: readonly string[];
      readonly status: 'enabled' | 'disabled';
      readonly isEnabled: boolean;
      readonly payloadVersion: 'v1' | 'v2';
      /** Whether deliveries also carry the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) beside X-Webhook-Signature, so a stock Standard Webhooks or Svix library verifies them with the same secret. False with authentication off, on v1 payloads, and while the secret was issued before the standard format: rotating the secret turns them on. */
      readonly standardWebhooks: boolean;
      readonly createdAt: string;
      readonly updatedAt: string;
      readonly lastHealthCheck?: {
        readonly reachable: boolean;
        readonly statusCode: number;
        readonly latencyMs: number;
        readonly checkedAt: string;
        readonly url: string;
        readonly reason?: string;
        readonly detail?: string;
      };
      readonly circuitBreaker?: {
        readonly state: 'closed' | 'open' | 'half_open';
        readonly consecutiveFailures: number;
        readonly openedAt?: string;
        readonly retryAt?: string;
      };
      readonly disabledReason?: 'gone' | 'failing' | 'manual';
      readonly disabledAt?: string;
      readonly signingKeys?: readonly {
        readonly kid: string;
        readonly publicKey: string;
        readonly createdAt: string;
        readonly expiresAt?: string;
      }[];
      readonly oauth?: {
        readonly tokenUrl: string;
        readonly clientId: string;
        readonly scope?: string;
      };
      readonly clientCertificate?: {
        readonly certificate: string;
        readonly ca?: string;
      };
      /** Custom request headers sent on every request to the webhook; values are never shown. */
      readonly headers?: { readonly [key: string]: '********' };
      /** Only events whose v2 payload matches are delivered (docs/api.md §11.7). */
      readonly filter?: { readonly [key: string]: unknown };
      /** Deliveries a second at most, across every worker. */
      readonly rateLimit?: number;
      /** `entity`: the deliveries about one entity go one at a time, in the order their events were recorded. */
      readonly ordering: 'none' | 'entity';
      /** The endpoint's own retry schedule (docs/api.md §11.11); absent: the host's. */
      readonly retrySchedule?: {
        /** The delay before each retry, in ms. */
        readonly delaysMs?: readonly number[];
        /** Delays growing by `factor` from `firstMs`, none longer than `maxMs`, `retries` of them. */
        readonly exponential?: {
          readonly firstMs: number;
          readonly factor: number;
          readonly maxMs: number;
          readonly retries: number;
        };
      };
    };
  };
  /** Stop v1a signatures: every ed25519 key of the webhook is dropped at once. */
  readonly removeWebhookSigningKeys: {
    readonly method: 'DELETE';
    readonly path: '/v2/webhooks/{id}/signingKeys';
    readonly params: {
      readonly id: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly name: string;
      readonly url: string;
      readonly authentication: boolean;
      readonly webhookInterests: readonly string[];
      readonly status: 'enabled' | 'disabled';
      readonly isEnabled: boolean;
      readonly payloadVersion: 'v1' | 'v2';
      /** Whether deliveries also carry the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) beside X-Webhook-Signature, so a stock Standard Webhooks or Svix library verifies them with the same secret. False with authentication off, on v1 payloads, and while the secret was issued before the standard format: rotating the secret turns them on. */
      readonly standardWebhooks: boolean;
      readonly createdAt: string;
      readonly updatedAt: string;
      readonly lastHealthCheck?: {
        readonly reachable: boolean;
        readonly statusCode: number;
        readonly latencyMs: number;
        readonly checkedAt: string;
        readonly url: string;
        readonly reason?: string;
        readonly detail?: string;
      };
      readonly circuitBreaker?: {
        readonly state: 'closed' | 'open' | 'half_open';
        readonly consecutiveFailures: number;
        readonly openedAt?: string;
        readonly retryAt?: string;
      };
      readonly disabledReason?: 'gone' | 'failing' | 'manual';
      readonly disabledAt?: string;
      readonly signingKeys?: readonly {
        readonly kid: string;
        readonly publicKey: string;
        readonly createdAt: string;
        readonly expiresAt?: string;
      }[];
      readonly oauth?: {
        readonly tokenUrl: string;
        readonly clientId: string;
        readonly scope?: string;
      };
      readonly clientCertificate?: {
        readonly certificate: string;
        readonly ca?: string;
      };
      /** Custom request headers sent on every request to the webhook; values are never shown. */
      readonly headers?: { readonly [key: string]: '********' };
      /** Only events whose v2 payload matches are delivered (docs/api.md §11.7). */
      readonly filter?: { readonly [key: string]: unknown };
      /** Deliveries a second at most, across every worker. */
      readonly rateLimit?: number;
      /** `entity`: the deliveries about one entity go one at a time, in the order their events were recorded. */
      readonly ordering: 'none' | 'entity';
      /** The endpoint's own retry schedule (docs/api.md §11.11); absent: the host's. */
      readonly retrySchedule?: {
        /** The delay before each retry, in ms. */
        readonly delaysMs?: readonly number[];
        /** Delays growing by `factor` from `firstMs`, none longer than `maxMs`, `retries` of them. */
        readonly exponential?: {
          readonly firstMs: number;
          readonly factor: number;
          readonly maxMs: number;
          readonly retries: number;
        };
      };
    };
  };
  /** Add a public reply to a case, with an optional file (docs/api.md §4.3). */
  readonly respondToCase: {
    readonly method: 'POST';
    readonly path: '/v2/cases/{id}/actions/respond';
    readonly params: {
      readonly id: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly comment: {
        readonly id: string;
        readonly body: string;
      } & { readonly [key: string]: unknown };
      readonly attachments: readonly ({
        readonly filename: string;
      } & { readonly [key: string]: unknown })[];
      readonly transition?: {
        readonly id: string;
        readonly name: string;
        readonly fromStatus: string;
        readonly toStatus?: string;
      };
    };
  };
  /** Send a delivery again now; the event_id stays. A pending one becomes due now unless a worker is sending it (then answered as is). */
  readonly retryWebhookDelivery: {
    readonly method: 'POST';
    readonly path: '/v2/webhooks/{id}/deliveries/{deliveryId}/actions/retry';
    readonly params: {
      readonly id: string;
      readonly deliveryId: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly webhookId: string;
      readonly eventId: string;
      readonly eventType: string;
      readonly status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
      readonly attempts: number;
      readonly nextAttemptAt?: string;
      readonly lastAttemptAt?: string;
      readonly lastStatusCode?: number;
      readonly createdAt: string;
    };
  };
  /** Move a webhook back to v1 payloads (master token; the webhook is named by its unique id). */
  readonly rollbackWebhook: {
    readonly method: 'POST';
    readonly path: '/v2/webhooks/{id}/actions/rollback';
    readonly params: {
      readonly id: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly name: string;
      readonly url: string;
      readonly authentication: boolean;
      readonly webhookInterests: readonly string[];
      readonly status: 'enabled' | 'disabled';
      readonly isEnabled: boolean;
      readonly payloadVersion: 'v1' | 'v2';
      /** Whether deliveries also carry the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) beside X-Webhook-Signature, so a stock Standard Webhooks or Svix library verifies them with the same secret. False with authentication off, on v1 payloads, and while the secret was issued before the standard format: rotating the secret turns them on. */
      readonly standardWebhooks: boolean;
      readonly createdAt: string;
      readonly updatedAt: string;
      readonly lastHealthCheck?: {
        readonly reachable: boolean;
        readonly statusCode: number;
        readonly latencyMs: number;
        readonly checkedAt: string;
        readonly url: string;
        readonly reason?: string;
        readonly detail?: string;
      };
      readonly circuitBreaker?: {
        readonly state: 'closed' | 'open' | 'half_open';
        readonly consecutiveFailures: number;
        readonly openedAt?: string;
        readonly retryAt?: string;
      };
      readonly disabledReason?: 'gone' | 'failing' | 'manual';
      readonly disabledAt?: string;
      readonly signingKeys?: readonly {
        readonly kid: string;
        readonly publicKey: string;
        readonly createdAt: string;
        readonly expiresAt?: string;
      }[];
      readonly oauth?: {
        readonly tokenUrl: string;
        readonly clientId: string;
        readonly scope?: string;
      };
      readonly clientCertificate?: {
        readonly certificate: string;
        readonly ca?: string;
      };
      /** Custom request headers sent on every request to the webhook; values are never shown. */
      readonly headers?: { readonly [key: string]: '********' };
      /** Only events whose v2 payload matches are delivered (docs/api.md §11.7). */
      readonly filter?: { readonly [key: string]: unknown };
      /** Deliveries a second at most, across every worker. */
      readonly rateLimit?: number;
      /** `entity`: the deliveries about one entity go one at a time, in the order their events were recorded. */
      readonly ordering: 'none' | 'entity';
      /** The endpoint's own retry schedule (docs/api.md §11.11); absent: the host's. */
      readonly retrySchedule?: {
        /** The delay before each retry, in ms. */
        readonly delaysMs?: readonly number[];
        /** Delays growing by `factor` from `firstMs`, none longer than `maxMs`, `retries` of them. */
        readonly exponential?: {
          readonly firstMs: number;
          readonly factor: number;
          readonly maxMs: number;
          readonly retries: number;
        };
      };
    };
  };
  /** Issue a new signing secret (returned once); the old one keeps signing for 24 hours. */
  readonly rotateWebhookSecret: {
    readonly method: 'POST';
    readonly path: '/v2/webhooks/{id}/actions/rotateSecret';
    readonly params: {
      readonly id: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly name: string;
      readonly url: string;
      readonly authentication: boolean;
      readonly webhookInterests: readonly string[];
      readonly status: 'enabled' | 'disabled';
      readonly isEnabled: boolean;
      readonly payloadVersion: 'v1' | 'v2';
      /** Whether deliveries also carry the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) beside X-Webhook-Signature, so a stock Standard Webhooks or Svix library verifies them with the same secret. False with authentication off, on v1 payloads, and while the secret was issued before the standard format: rotating the secret turns them on. */
      readonly standardWebhooks: boolean;
      readonly createdAt: string;
      readonly updatedAt: string;
      readonly lastHealthCheck?: {
        readonly reachable: boolean;
        readonly statusCode: number;
        readonly latencyMs: number;
        readonly checkedAt: string;
        readonly url: string;
        readonly reason?: string;
        readonly detail?: string;
      };
      readonly circuitBreaker?: {
        readonly state: 'closed' | 'open' | 'half_open';
        readonly consecutiveFailures: number;
        readonly openedAt?: string;
        readonly retryAt?: string;
      };
      readonly disabledReason?: 'gone' | 'failing' | 'manual';
      readonly disabledAt?: string;
      readonly credentials?: {
        readonly secret: string;
      };
      readonly signingKeys?: readonly {
        readonly kid: string;
        readonly publicKey: string;
        readonly createdAt: string;
        readonly expiresAt?: string;
      }[];
      readonly oauth?: {
        readonly tokenUrl: string;
        readonly clientId: string;
        readonly scope?: string;
      };
      readonly clientCertificate?: {
        readonly certificate: string;
        readonly ca?: string;
      };
      /** Custom request headers sent on every request to the webhook; values are never shown. */
      readonly headers?: { readonly [key: string]: '********' };
      /** Only events whose v2 payload matches are delivered (docs/api.md §11.7). */
      readonly filter?: { readonly [key: string]: unknown };
      /** Deliveries a second at most, across every worker. */
      readonly rateLimit?: number;
      /** `entity`: the deliveries about one entity go one at a time, in the order their events were recorded. */
      readonly ordering: 'none' | 'entity';
      /** The endpoint's own retry schedule (docs/api.md §11.11); absent: the host's. */
      readonly retrySchedule?: {
        /** The delay before each retry, in ms. */
        readonly delaysMs?: readonly number[];
        /** Delays growing by `factor` from `firstMs`, none longer than `maxMs`, `retries` of them. */
        readonly exponential?: {
          readonly firstMs: number;
          readonly factor: number;
          readonly maxMs: number;
          readonly retries: number;
        };
      };
    };
  };
  /** Sign with a new ed25519 key (v1a); the key it replaces keeps signing for 24 hours. Only public keys are shown. */
  readonly rotateWebhookSigningKey: {
    readonly method: 'POST';
    readonly path: '/v2/webhooks/{id}/actions/rotateSigningKey';
    readonly params: {
      readonly id: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly name: string;
      readonly url: string;
      readonly authentication: boolean;
      readonly webhookInterests: readonly string[];
      readonly status: 'enabled' | 'disabled';
      readonly isEnabled: boolean;
      readonly payloadVersion: 'v1' | 'v2';
      /** Whether deliveries also carry the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) beside X-Webhook-Signature, so a stock Standard Webhooks or Svix library verifies them with the same secret. False with authentication off, on v1 payloads, and while the secret was issued before the standard format: rotating the secret turns them on. */
      readonly standardWebhooks: boolean;
      readonly createdAt: string;
      readonly updatedAt: string;
      readonly lastHealthCheck?: {
        readonly reachable: boolean;
        readonly statusCode: number;
        readonly latencyMs: number;
        readonly checkedAt: string;
        readonly url: string;
        readonly reason?: string;
        readonly detail?: string;
      };
      readonly circuitBreaker?: {
        readonly state: 'closed' | 'open' | 'half_open';
        readonly consecutiveFailures: number;
        readonly openedAt?: string;
        readonly retryAt?: string;
      };
      readonly disabledReason?: 'gone' | 'failing' | 'manual';
      readonly disabledAt?: string;
      readonly signingKeys?: readonly {
        readonly kid: string;
        readonly publicKey: string;
        readonly createdAt: string;
        readonly expiresAt?: string;
      }[];
      readonly oauth?: {
        readonly tokenUrl: string;
        readonly clientId: string;
        readonly scope?: string;
      };
      readonly clientCertificate?: {
        readonly certificate: string;
        readonly ca?: string;
      };
      /** Custom request headers sent on every request to the webhook; values are never shown. */
      readonly headers?: { readonly [key: string]: '********' };
      /** Only events whose v2 payload matches are delivered (docs/api.md §11.7). */
      readonly filter?: { readonly [key: string]: unknown };
      /** Deliveries a second at most, across every worker. */
      readonly rateLimit?: number;
      /** `entity`: the deliveries about one entity go one at a time, in the order their events were recorded. */
      readonly ordering: 'none' | 'entity';
      /** The endpoint's own retry schedule (docs/api.md §11.11); absent: the host's. */
      readonly retrySchedule?: {
        /** The delay before each retry, in ms. */
        readonly delaysMs?: readonly number[];
        /** Delays growing by `factor` from `firstMs`, none longer than `maxMs`, `retries` of them. */
        readonly exponential?: {
          readonly firstMs: number;
          readonly factor: number;
          readonly maxMs: number;
          readonly retries: number;
        };
      };
    };
  };
  /** Deliver an example of one event type to this webhook only: signed, in its payload version, retried and logged; the payload says "example": true. */
  readonly sendWebhookExample: {
    readonly method: 'POST';
    readonly path: '/v2/webhooks/{id}/actions/sendExample';
    readonly params: {
      readonly id: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: {
      readonly eventType: string;
    };
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly eventId: string;
      readonly deliveryId: string;
    };
  };
  /** Make a registered method the default of the billing profile (what the processor charges). */
  readonly setDefaultPaymentMethod: {
    readonly method: 'POST';
    readonly path: '/v2/affiliatePaymentMethods/{paymentMethodId}/actions/setDefault';
    readonly params: {
      readonly paymentMethodId: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly paymentMethodId: string;
      readonly billingProfileId: string;
      readonly paymentMethodDetails:
        | {
            readonly type: 'card';
            readonly last4: string;
            readonly isDefault: boolean;
            readonly name?: string;
            readonly cardBrand: string;
            readonly expMonth: number;
            readonly expYear: number;
            readonly postalCode?: string;
          }
        | {
            readonly type: 'us_bank_account';
            readonly last4: string;
            readonly isDefault: boolean;
            readonly name?: string;
            readonly bankName?: string;
            readonly accountType?: 'checking' | 'savings';
          };
    };
  };
  /** Set the next renewal date of a subscription (timing only, never the cadence). */
  readonly setRenewalDate: {
    readonly method: 'PUT';
    readonly path: '/v2/ecommerceSubscriptions/{id}/actions/setRenewalDate';
    readonly params: {
      readonly id: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: {
      readonly renewalDate: unknown;
    } & { readonly [key: string]: unknown };
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly nextBillingDate: string;
    };
  };
  /** Present a client certificate to the endpoint (mutual TLS); the private key is write-only. */
  readonly setWebhookClientCertificate: {
    readonly method: 'PUT';
    readonly path: '/v2/webhooks/{id}/clientCertificate';
    readonly params: {
      readonly id: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: {
      readonly certificate: string;
      readonly privateKey: string;
      readonly ca?: string;
    };
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly name: string;
      readonly url: string;
      readonly authentication: boolean;
      readonly webhookInterests: readonly string[];
      readonly status: 'enabled' | 'disabled';
      readonly isEnabled: boolean;
      readonly payloadVersion: 'v1' | 'v2';
      /** Whether deliveries also carry the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) beside X-Webhook-Signature, so a stock Standard Webhooks or Svix library verifies them with the same secret. False with authentication off, on v1 payloads, and while the secret was issued before the standard format: rotating the secret turns them on. */
      readonly standardWebhooks: boolean;
      readonly createdAt: string;
      readonly updatedAt: string;
      readonly lastHealthCheck?: {
        readonly reachable: boolean;
        readonly statusCode: number;
        readonly latencyMs: number;
        readonly checkedAt: string;
        readonly url: string;
        readonly reason?: string;
        readonly detail?: string;
      };
      readonly circuitBreaker?: {
        readonly state: 'closed' | 'open' | 'half_open';
        readonly consecutiveFailures: number;
        readonly openedAt?: string;
        readonly retryAt?: string;
      };
      readonly disabledReason?: 'gone' | 'failing' | 'manual';
      readonly disabledAt?: string;
      readonly signingKeys?: readonly {
        readonly kid: string;
        readonly publicKey: string;
        readonly createdAt: string;
        readonly expiresAt?: string;
      }[];
      readonly oauth?: {
        readonly tokenUrl: string;
        readonly clientId: string;
        readonly scope?: string;
      };
      readonly clientCertificate?: {
        readonly certificate: string;
        readonly ca?: string;
      };
      /** Custom request headers sent on every request to the webhook; values are never shown. */
      readonly headers?: { readonly [key: string]: '********' };
      /** Only events whose v2 payload matches are delivered (docs/api.md §11.7). */
      readonly filter?: { readonly [key: string]: unknown };
      /** Deliveries a second at most, across every worker. */
      readonly rateLimit?: number;
      /** `entity`: the deliveries about one entity go one at a time, in the order their events were recorded. */
      readonly ordering: 'none' | 'entity';
      /** The endpoint's own retry schedule (docs/api.md §11.11); absent: the host's. */
      readonly retrySchedule?: {
        /** The delay before each retry, in ms. */
        readonly delaysMs?: readonly number[];
        /** Delays growing by `factor` from `firstMs`, none longer than `maxMs`, `retries` of them. */
        readonly exponential?: {
          readonly firstMs: number;
          readonly factor: number;
          readonly maxMs: number;
          readonly retries: number;
        };
      };
    };
  };
  /** Send deliveries with a bearer token from the receiver's OAuth token endpoint (client credentials; the secret is write-only). */
  readonly setWebhookOAuth: {
    readonly method: 'PUT';
    readonly path: '/v2/webhooks/{id}/oauth';
    readonly params: {
      readonly id: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: {
      readonly tokenUrl: string;
      readonly clientId: string;
      readonly clientSecret: string;
      readonly scope?: string;
    };
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly name: string;
      readonly url: string;
      readonly authentication: boolean;
      readonly webhookInterests: readonly string[];
      readonly status: 'enabled' | 'disabled';
      readonly isEnabled: boolean;
      readonly payloadVersion: 'v1' | 'v2';
      /** Whether deliveries also carry the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) beside X-Webhook-Signature, so a stock Standard Webhooks or Svix library verifies them with the same secret. False with authentication off, on v1 payloads, and while the secret was issued before the standard format: rotating the secret turns them on. */
      readonly standardWebhooks: boolean;
      readonly createdAt: string;
      readonly updatedAt: string;
      readonly lastHealthCheck?: {
        readonly reachable: boolean;
        readonly statusCode: number;
        readonly latencyMs: number;
        readonly checkedAt: string;
        readonly url: string;
        readonly reason?: string;
        readonly detail?: string;
      };
      readonly circuitBreaker?: {
        readonly state: 'closed' | 'open' | 'half_open';
        readonly consecutiveFailures: number;
        readonly openedAt?: string;
        readonly retryAt?: string;
      };
      readonly disabledReason?: 'gone' | 'failing' | 'manual';
      readonly disabledAt?: string;
      readonly signingKeys?: readonly {
        readonly kid: string;
        readonly publicKey: string;
        readonly createdAt: string;
        readonly expiresAt?: string;
      }[];
      readonly oauth?: {
        readonly tokenUrl: string;
        readonly clientId: string;
        readonly scope?: string;
      };
      readonly clientCertificate?: {
        readonly certificate: string;
        readonly ca?: string;
      };
      /** Custom request headers sent on every request to the webhook; values are never shown. */
      readonly headers?: { readonly [key: string]: '********' };
      /** Only events whose v2 payload matches are delivered (docs/api.md §11.7). */
      readonly filter?: { readonly [key: string]: unknown };
      /** Deliveries a second at most, across every worker. */
      readonly rateLimit?: number;
      /** `entity`: the deliveries about one entity go one at a time, in the order their events were recorded. */
      readonly ordering: 'none' | 'entity';
      /** The endpoint's own retry schedule (docs/api.md §11.11); absent: the host's. */
      readonly retrySchedule?: {
        /** The delay before each retry, in ms. */
        readonly delaysMs?: readonly number[];
        /** Delays growing by `factor` from `firstMs`, none longer than `maxMs`, `retries` of them. */
        readonly exponential?: {
          readonly firstMs: number;
          readonly factor: number;
          readonly maxMs: number;
          readonly retries: number;
        };
      };
    };
  };
  /** Enable or disable a webhook: `{ "status": "enabled" | "disabled" }`. */
  readonly setWebhookStatus: {
    readonly method: 'PATCH';
    readonly path: '/v2/webhooks/{id}/status';
    readonly params: {
      readonly id: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: {
      readonly status?: 'enabled' | 'disabled';
      readonly isEnabled?: boolean;
    };
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly name: string;
      readonly url: string;
      readonly authentication: boolean;
      readonly webhookInterests: readonly string[];
      readonly status: 'enabled' | 'disabled';
      readonly isEnabled: boolean;
      readonly payloadVersion: 'v1' | 'v2';
      /** Whether deliveries also carry the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) beside X-Webhook-Signature, so a stock Standard Webhooks or Svix library verifies them with the same secret. False with authentication off, on v1 payloads, and while the secret was issued before the standard format: rotating the secret turns them on. */
      readonly standardWebhooks: boolean;
      readonly createdAt: string;
      readonly updatedAt: string;
      readonly lastHealthCheck?: {
        readonly reachable: boolean;
        readonly statusCode: number;
        readonly latencyMs: number;
        readonly checkedAt: string;
        readonly url: string;
        readonly reason?: string;
        readonly detail?: string;
      };
      readonly circuitBreaker?: {
        readonly state: 'closed' | 'open' | 'half_open';
        readonly consecutiveFailures: number;
        readonly openedAt?: string;
        readonly retryAt?: string;
      };
      readonly disabledReason?: 'gone' | 'failing' | 'manual';
      readonly disabledAt?: string;
      readonly signingKeys?: readonly {
        readonly kid: string;
        readonly publicKey: string;
        readonly createdAt: string;
        readonly expiresAt?: string;
      }[];
      readonly oauth?: {
        readonly tokenUrl: string;
        readonly clientId: string;
        readonly scope?: string;
      };
      readonly clientCertificate?: {
        readonly certificate: string;
        readonly ca?: string;
      };
      /** Custom request headers sent on every request to the webhook; values are never shown. */
      readonly headers?: { readonly [key: string]: '********' };
      /** Only events whose v2 payload matches are delivered (docs/api.md §11.7). */
      readonly filter?: { readonly [key: string]: unknown };
      /** Deliveries a second at most, across every worker. */
      readonly rateLimit?: number;
      /** `entity`: the deliveries about one entity go one at a time, in the order their events were recorded. */
      readonly ordering: 'none' | 'entity';
      /** The endpoint's own retry schedule (docs/api.md §11.11); absent: the host's. */
      readonly retrySchedule?: {
        /** The delay before each retry, in ms. */
        readonly delaysMs?: readonly number[];
        /** Delays growing by `factor` from `firstMs`, none longer than `maxMs`, `retries` of them. */
        readonly exponential?: {
          readonly firstMs: number;
          readonly factor: number;
          readonly maxMs: number;
          readonly retries: number;
        };
      };
    };
  };
  /** Create a journey from a storefront; it carries the visitor's touches, joined by visitor id. */
  readonly startJourney: {
    readonly method: 'POST';
    readonly path: '/journeys';
    readonly params: {};
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: {
      /** The slug of the journey template. */
      readonly templateSlug: string;
      /** The storefront page; query-stripped when stored. */
      readonly landing_url?: unknown;
      /** document.referrer; omitted when empty. */
      readonly referrer_url?: unknown;
      /** First-party storefront visitor id, as sent with the template view. */
      readonly visitorId?: unknown;
      /** Object or JSON string: { track, visitorId, params }. */
      readonly attribution?: unknown;
      /** Defaults to the template campaign. */
      readonly campaignId?: unknown;
    } & { readonly [key: string]: unknown };
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
    };
  };
  /** Store a request type of the case system and its fields as synced for this affiliate. */
  readonly syncCaseType: {
    readonly method: 'POST';
    readonly path: '/v2/cases/sync-case-type';
    readonly params: {};
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: {
      readonly requestTypeId: string;
    };
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly externalCaseTypeIdentifier: string;
      readonly name: string;
      readonly description?: string;
      readonly syncedAt: string;
      readonly fields: readonly {
        readonly externalSystemIdentifier: string;
        readonly name: string;
        readonly description?: string;
        readonly required: boolean;
        readonly defaultValues: readonly SyncCaseTypeSchema0[];
        readonly validValues: readonly SyncCaseTypeSchema0[];
        readonly schema?: {
          readonly type: string;
        } & { readonly [key: string]: unknown };
      }[];
    };
  };
  /** Full update; credentials only when authentication goes from false to true in this call. */
  readonly updateWebhook: {
    readonly method: 'PUT';
    readonly path: '/v2/webhooks/{id}';
    readonly params: {
      readonly id: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: {
      readonly name?: string;
      readonly url?: string;
      readonly authentication?: boolean;
      readonly webhookInterests?: readonly string[];
      /** Custom request headers, name to value (docs/api.md §11.6); on update `null` removes one and names left out keep their value, unless `url` changes: then only those sent with it are kept. */
      readonly headers?: { readonly [key: string]: string | null };
      /** A payload filter (docs/api.md §11.7): field paths to values or operator objects ($eq, $neq, $gt, $gte, $lt, $lte, $in, $nin, $exists), combined with $and, $or and $not; on update `null` removes it. */
      readonly filter?: { readonly [key: string]: unknown } | null;
      readonly rateLimit?: number | null;
      readonly ordering?: 'none' | 'entity';
      readonly retrySchedule?: {
        /** The delay before each retry; N delays give N + 1 attempts. */
        readonly delaysMs?: readonly number[];
        readonly exponential?: {
          readonly firstMs: number;
          /** Each delay is the one before times this. Default 2. */
          readonly factor?: number;
          /** No delay is longer. */
          readonly maxMs: number;
          readonly retries: number;
        };
      } | null;
    };
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly name: string;
      readonly url: string;
      readonly authentication: boolean;
      readonly webhookInterests: readonly string[];
      readonly status: 'enabled' | 'disabled';
      readonly isEnabled: boolean;
      readonly payloadVersion: 'v1' | 'v2';
      /** Whether deliveries also carry the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) beside X-Webhook-Signature, so a stock Standard Webhooks or Svix library verifies them with the same secret. False with authentication off, on v1 payloads, and while the secret was issued before the standard format: rotating the secret turns them on. */
      readonly standardWebhooks: boolean;
      readonly createdAt: string;
      readonly updatedAt: string;
      readonly lastHealthCheck?: {
        readonly reachable: boolean;
        readonly statusCode: number;
        readonly latencyMs: number;
        readonly checkedAt: string;
        readonly url: string;
        readonly reason?: string;
        readonly detail?: string;
      };
      readonly circuitBreaker?: {
        readonly state: 'closed' | 'open' | 'half_open';
        readonly consecutiveFailures: number;
        readonly openedAt?: string;
        readonly retryAt?: string;
      };
      readonly disabledReason?: 'gone' | 'failing' | 'manual';
      readonly disabledAt?: string;
      readonly credentials?: {
        readonly secret: string;
      };
      readonly signingKeys?: readonly {
        readonly kid: string;
        readonly publicKey: string;
        readonly createdAt: string;
        readonly expiresAt?: string;
      }[];
      readonly oauth?: {
        readonly tokenUrl: string;
        readonly clientId: string;
        readonly scope?: string;
      };
      readonly clientCertificate?: {
        readonly certificate: string;
        readonly ca?: string;
      };
      /** Custom request headers sent on every request to the webhook; values are never shown. */
      readonly headers?: { readonly [key: string]: '********' };
      /** Only events whose v2 payload matches are delivered (docs/api.md §11.7). */
      readonly filter?: { readonly [key: string]: unknown };
      /** Deliveries a second at most, across every worker. */
      readonly rateLimit?: number;
      /** `entity`: the deliveries about one entity go one at a time, in the order their events were recorded. */
      readonly ordering: 'none' | 'entity';
      /** The endpoint's own retry schedule (docs/api.md §11.11); absent: the host's. */
      readonly retrySchedule?: {
        /** The delay before each retry, in ms. */
        readonly delaysMs?: readonly number[];
        /** Delays growing by `factor` from `firstMs`, none longer than `maxMs`, `retries` of them. */
        readonly exponential?: {
          readonly firstMs: number;
          readonly factor: number;
          readonly maxMs: number;
          readonly retries: number;
        };
      };
    };
  };
  /** Move a webhook to v2 payloads (a no-op when it is on v2). */
  readonly upgradeWebhook: {
    readonly method: 'POST';
    readonly path: '/v2/webhooks/{id}/actions/upgrade';
    readonly params: {
      readonly id: string;
    };
    readonly query: {};
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly name: string;
      readonly url: string;
      readonly authentication: boolean;
      readonly webhookInterests: readonly string[];
      readonly status: 'enabled' | 'disabled';
      readonly isEnabled: boolean;
      readonly payloadVersion: 'v1' | 'v2';
      /** Whether deliveries also carry the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) beside X-Webhook-Signature, so a stock Standard Webhooks or Svix library verifies them with the same secret. False with authentication off, on v1 payloads, and while the secret was issued before the standard format: rotating the secret turns them on. */
      readonly standardWebhooks: boolean;
      readonly createdAt: string;
      readonly updatedAt: string;
      readonly lastHealthCheck?: {
        readonly reachable: boolean;
        readonly statusCode: number;
        readonly latencyMs: number;
        readonly checkedAt: string;
        readonly url: string;
        readonly reason?: string;
        readonly detail?: string;
      };
      readonly circuitBreaker?: {
        readonly state: 'closed' | 'open' | 'half_open';
        readonly consecutiveFailures: number;
        readonly openedAt?: string;
        readonly retryAt?: string;
      };
      readonly disabledReason?: 'gone' | 'failing' | 'manual';
      readonly disabledAt?: string;
      readonly signingKeys?: readonly {
        readonly kid: string;
        readonly publicKey: string;
        readonly createdAt: string;
        readonly expiresAt?: string;
      }[];
      readonly oauth?: {
        readonly tokenUrl: string;
        readonly clientId: string;
        readonly scope?: string;
      };
      readonly clientCertificate?: {
        readonly certificate: string;
        readonly ca?: string;
      };
      /** Custom request headers sent on every request to the webhook; values are never shown. */
      readonly headers?: { readonly [key: string]: '********' };
      /** Only events whose v2 payload matches are delivered (docs/api.md §11.7). */
      readonly filter?: { readonly [key: string]: unknown };
      /** Deliveries a second at most, across every worker. */
      readonly rateLimit?: number;
      /** `entity`: the deliveries about one entity go one at a time, in the order their events were recorded. */
      readonly ordering: 'none' | 'entity';
      /** The endpoint's own retry schedule (docs/api.md §11.11); absent: the host's. */
      readonly retrySchedule?: {
        /** The delay before each retry, in ms. */
        readonly delaysMs?: readonly number[];
        /** Delays growing by `factor` from `firstMs`, none longer than `maxMs`, `retries` of them. */
        readonly exponential?: {
          readonly firstMs: number;
          readonly factor: number;
          readonly maxMs: number;
          readonly retries: number;
        };
      };
    };
  };
  /** Load a journey template for a storefront and record the attribution capture in the query as a touch of the visitor. */
  readonly viewJourneyTemplate: {
    readonly method: 'GET';
    readonly path: '/v2/journeyTemplates/{slug}/frontend';
    readonly params: {
      readonly slug: string;
    };
    readonly query: {
      readonly landing_url?: string;
      readonly referrer_url?: string;
      readonly campaignId?: string;
      readonly attribution?: string;
      readonly visitorId?: string;
      readonly track?: string;
    };
    /** The JSON body, `never` when the operation takes none. */
    readonly body: never;
    /** The `data` of the success answer, `never` when it has no JSON answer. */
    readonly data: {
      readonly id: string;
      readonly slug: string;
      readonly template_display_name: string;
      readonly landing_url: string;
      readonly journey_type: string;
      readonly campaignId?: string;
    };
  };
}

export type SyncCaseTypeSchema0 = {
  readonly value: string;
  readonly label: string;
  readonly children?: readonly SyncCaseTypeSchema0[];
};
