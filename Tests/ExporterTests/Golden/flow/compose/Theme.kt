package com.example.profileflow

import androidx.compose.material.icons.Icons
import androidx.compose.material.icons.filled.*
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.lightColorScheme
import androidx.compose.runtime.Composable
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.vector.ImageVector
import androidx.compose.ui.unit.dp

/** Design tokens from the sketch session's theme; every screen uses these. */
object Theme {
    val accent = Color(0xFF007AFF)
    val background = Color(0xFFFFFFFF)
    val cardBackground = Color(0x1F808080)
    val placeholder = Color(0xFF8E8E93)
    val cornerRadius = 10.dp
    const val typeScale = 1f
}

@Composable
fun AppTheme(content: @Composable () -> Unit) {
    MaterialTheme(colorScheme = lightColorScheme(primary = Theme.accent, background = Theme.background), content = content)
}

/** The Material icon for an SF Symbol name stored in list rows. */
fun iconFor(symbol: String): ImageVector = when (symbol) {
    "house" -> Icons.Filled.Home
    "magnifyingglass" -> Icons.Filled.Search
    "person" -> Icons.Filled.Person
    "star" -> Icons.Filled.Star
    "gearshape" -> Icons.Filled.Settings
    "bell" -> Icons.Filled.Notifications
    "heart" -> Icons.Filled.Favorite
    "envelope" -> Icons.Filled.Email
    else -> Icons.Filled.Info
}
