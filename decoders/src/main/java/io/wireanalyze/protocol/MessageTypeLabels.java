package io.wireanalyze.protocol;

import java.util.Locale;

/** The labels of the {@link MessageType} enums, computed once per enum: the constants' names in lower case, '_' as '-'. */
final class MessageTypeLabels {
    private static final ClassValue<String[]> LABELS = new ClassValue<>() {
        @Override
        protected String[] computeValue(Class<?> type) {
            Object[] constants = type.getEnumConstants();
            String[] labels = new String[constants.length];
            for (int i = 0; i < constants.length; i++) labels[i] = ((Enum<?>) constants[i]).name().toLowerCase(Locale.ROOT).replace('_', '-');
            return labels;
        }
    };

    private MessageTypeLabels() {
    }

    static String of(Enum<?> type) {
        return LABELS.get(type.getDeclaringClass())[type.ordinal()];
    }
}
