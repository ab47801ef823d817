public enum UserFeaturePlaceholder {}
